import type { Office } from '#pie/contracts';
import { Alert, Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { EmptyState, PageFrame, QueryState, Section } from '@web/shared/ui';
import { useAssignArtistsMutation, useMemberArtistsQuery, useUnassignArtistMutation } from '../api/team.api';

/** /for-artists/team/:memberId: one member and the artists they work on (admins assign them). */
export function TeamMemberPage({ office, memberId, artists }: { office: Office | undefined; memberId: string; artists: { id: string; name: string }[] }) {
  const member = office?.members.find((candidate) => candidate.user_id === memberId);
  const assigned = useMemberArtistsQuery({ officeId: office?._id ?? '', memberId }, { skip: !office || !member });
  const [assign] = useAssignArtistsMutation();
  const [unassign] = useUnassignArtistMutation();
  const [failure, setFailure] = useState<string | null>(null);

  if (!office || !member) {
    return (
      <PageFrame title="Team member" site="Pie for artists" back={{ to: '/for-artists/team', label: 'Team' }}>
        <EmptyState title="No team member with this id" action={<Anchor component={Link} to="/for-artists/team">Back to your team</Anchor>}>
          This person is not a member of your team. The members of your team are listed under Team.
        </EmptyState>
      </PageFrame>
    );
  }
  const admin = office.role === 'admin';
  const toggle = async (artistId: string, on: boolean) => {
    setFailure(null);
    try {
      if (on) await assign({ officeId: office._id, memberId, artistIds: [artistId] }).unwrap();
      else await unassign({ officeId: office._id, memberId, artistId }).unwrap();
    } catch (error) {
      console.error('Changing the member’s artists failed', error);
      setFailure(errorMessage(error, 'We could not change the artists. Please try again.'));
    }
  };

  return (
    <PageFrame title={[member.first_name, member.last_name].filter(Boolean).join(' ') || member.email} site="Pie for artists" back={{ to: '/for-artists/team', label: 'Team' }} description={`${member.email} · ${member.role}`}>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Section title="Artists">
        {member.role === 'admin' ? (
          <Text>Admins work on every artist of the office.</Text>
        ) : (
          <QueryState query={assigned} loading="Loading the member's artists…" errorFallback="We could not load the member's artists">
            {(data) =>
              artists.length === 0 ? (
                <Text c="dimmed">The office has no artists yet.</Text>
              ) : (
                <Stack gap="xs">
                  {artists.map((artist) => (
                    <Checkbox key={artist.id} label={artist.name} checked={data.artistIds.includes(artist.id)} disabled={!admin} onChange={(event) => void toggle(artist.id, event.currentTarget.checked)} />
                  ))}
                </Stack>
              )
            }
          </QueryState>
        )}
      </Section>
    </PageFrame>
  );
}
