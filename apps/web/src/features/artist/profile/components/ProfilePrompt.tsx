import type { ArtistUser } from '#pie/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { listOfFields, profileStatus } from '../profile-status';

/** Shown across the artist area while the profile is incomplete (spec §3), linking to the form. */
export function ProfilePrompt({ user }: { user: ArtistUser }) {
  const { complete, missing } = profileStatus(user);
  if (complete) return null;
  return (
    <Alert color="yellow" variant="light" title="Complete your profile" role="region" aria-label="Complete your profile">
      <Text size="sm">
        {`Add your ${listOfFields(missing)} so we can reach you about your claims and payouts. `}
        <Anchor component={Link} to="/for-artists/profile/update">
          Update your profile
        </Anchor>
      </Text>
    </Alert>
  );
}
