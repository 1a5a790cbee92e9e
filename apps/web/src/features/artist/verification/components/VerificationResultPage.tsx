import { SOCIAL_VERIFICATION_FAILURES, socialVerificationFailureText, type SocialVerificationFailure } from '#pie/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@web/shared/ui';

export const VERIFICATION_PLATFORMS = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
} as const;

export type VerificationPlatform = keyof typeof VERIFICATION_PLATFORMS;
export type VerificationResult = 'success' | 'failed';

/** /for-artists/verification/{platform}/{success|failed}: where a social verification returns. */
export function VerificationResultPage({ platform, result }: { platform: VerificationPlatform; result: VerificationResult }) {
  const name = VERIFICATION_PLATFORMS[platform];
  const success = result === 'success';
  const [params] = useSearchParams();
  // Only a reason Pie knows is worded; whatever else a URL carries is never shown.
  const reason = params.get('reason');
  const detail = !success && (SOCIAL_VERIFICATION_FAILURES as readonly string[]).includes(reason ?? '') ? socialVerificationFailureText(reason as SocialVerificationFailure, name) : null;
  const claimId = params.get('claim');
  // Proof through a page MusicBrainz lists: Pie's team confirms it before the claim succeeds.
  const byHand = success && params.get('review') === 'musicbrainz';
  return (
    <PageFrame
      title={success ? `${name} account verified` : `${name} verification failed`}
      site="Pie for artists"
    >
      <Alert color={success ? 'teal' : 'red'} variant="light" role="status">
        <Text>
          {byHand
            ? `You signed in to the ${name} account MusicBrainz lists for the artist. MusicBrainz is edited by its community, so Pie's team confirms this by hand: your claim is successful once they have, and no money moves before.`
            : success
            ? `You signed in to the artist's official ${name} account: your claim is successful.`
            : `We could not verify your ${name} account. The sign-in may have been cancelled, or the account does not match the artist you are claiming. You can try again, or choose another way to verify.`}
        </Text>
      </Alert>
      {detail && <Text c="dimmed">{detail}</Text>}
      <Group gap="sm">
        {claimId && /^[0-9a-f-]{36}$/.test(claimId) && (
          <Button component={Link} to={`/for-artists/claims/${claimId}`} variant={success ? 'default' : 'filled'}>
            Open the claim
          </Button>
        )}
        <Button component={Link} to="/for-artists/artists">
          {success ? 'Back to your artists' : 'Try another way'}
        </Button>
      </Group>
    </PageFrame>
  );
}
