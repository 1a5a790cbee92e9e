import type { ArtistUser } from '#pie/contracts';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPlaceholder, PageFrame, QueryState, Section } from '@web/shared/ui';
import { useListClaimsQuery } from '../api/claims.api';
import { ClaimStatusBadge } from './ClaimStatusBadge';
import { ClaimWizard } from './ClaimWizard';

/**
 * /for-artists/artists: the person's claims and the wizard that starts a new one, for `claimOfficeId`
 * (the chosen office, when they administer it; else the server picks their only office or makes one).
 */
export function ArtistsPage({ user, claimOfficeId }: { user: ArtistUser; claimOfficeId?: string }) {
  const claims = useListClaimsQuery();
  const [claiming, setClaiming] = useState(false);
  return (
    <PageFrame
      title={user.first_name ? `Welcome, ${user.first_name}` : 'Welcome'}
      documentTitle="Your artists"
      site="Pie for artists"
      description="Your artists and your claims"
      actions={!claiming && <Button onClick={() => setClaiming(true)}>Claim an artist</Button>}
    >
      {claiming && (
        <Section title="Claim an artist">
          <ClaimWizard officeId={claimOfficeId} onCancel={() => setClaiming(false)} />
        </Section>
      )}
      <Section title="Your claims">
        <QueryState
          query={claims}
          loading="Loading your claims…"
          placeholder={<ListPlaceholder rows={3} label="Loading your claims…" />}
          errorFallback="We could not load your claims"
          isEmpty={(list) => list.length === 0}
          empty="No claims yet. Claim an artist profile and prove it is yours: its money then comes to your office."
        >
          {(list) => (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Claims">
                {list.map((claim) => (
                  <li key={claim.id}>
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={claim.artist.image_url} alt="" radius="sm" />
                        <Text component={Link} to={claim.status === 'successful' ? `/for-artists/artists/${claim.id}` : `/for-artists/claims/${claim.id}`} fw={600}>
                          {claim.artist.name}
                        </Text>
                      </Group>
                      <ClaimStatusBadge status={claim.status} />
                    </Group>
                  </li>
                ))}
              </Stack>
          )}
        </QueryState>
      </Section>
    </PageFrame>
  );
}
