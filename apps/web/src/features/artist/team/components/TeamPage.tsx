import type { Office, OfficeMember, OfficeRole } from '#pie/contracts';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { EmptyState, ModalDialog, PageFrame, QueryState, Section, TableScroll } from '@web/shared/ui';
import { useChangeRoleMutation, useInviteMemberMutation, useListMembersQuery, useRemoveMemberMutation, useResendInvitationMutation } from '../api/team.api';

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

/** Member changes: failures are logged (spec §8) and said to the person. */
function useReported() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (what: string, action: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await action();
      setMessage({ ok: true, text: done });
    } catch (error) {
      console.error(`${what} failed`, error);
      setMessage({ ok: false, text: errorMessage(error, `${what} failed. Please try again.`) });
    }
  };
  return { message, run };
}

function InviteForm({ officeId, onInvite }: { officeId: string; onInvite: (email: string, role: OfficeRole) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OfficeRole>('member');
  const [, invite] = useInviteMemberMutation({ fixedCacheKey: `invite-${officeId}` });
  return (
    <form
      noValidate
      aria-label="Invite a member"
      onSubmit={(event) => {
        event.preventDefault();
        void onInvite(email.trim(), role).then(() => setEmail(''));
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput label="E-mail" type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} required style={{ flex: 1 }} />
        <NativeSelect label="Role" data={ROLE_OPTIONS} value={role} onChange={(event) => setRole(event.currentTarget.value as OfficeRole)} w={140} />
        <Button type="submit" loading={invite.isLoading}>
          Invite
        </Button>
      </Group>
    </form>
  );
}

/** /for-artists/team: the office's members and invitations; admins invite, change roles and remove. */
export function TeamPage({ office }: { office: Office | undefined }) {
  const members = useListMembersQuery(office?._id ?? '', { skip: !office });
  const [invite] = useInviteMemberMutation({ fixedCacheKey: office ? `invite-${office._id}` : undefined });
  const [changeRole] = useChangeRoleMutation();
  const [remove] = useRemoveMemberMutation();
  const [resend] = useResendInvitationMutation();
  const { message, run } = useReported();
  // Removing takes a person's access away at once: asked first, naming them.
  const [removing, setRemoving] = useState<OfficeMember | null>(null);

  if (!office) {
    return (
      <PageFrame title="Team" site="Pie for artists">
        <EmptyState title="No office yet">Your team forms around your office, which is created with your first claim.</EmptyState>
      </PageFrame>
    );
  }
  const admin = office.role === 'admin';
  const officeId = office._id;

  const row = (member: OfficeMember) => (
    <Table.Tr key={member.user_id}>
      <Table.Td data-label="Member">
        <Anchor component={Link} to={`/for-artists/team/${member.user_id}`}>
          {[member.first_name, member.last_name].filter(Boolean).join(' ') || member.email}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="E-mail" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Table.Td>
      <Table.Td data-label="Role">
        {admin ? (
          <NativeSelect
            aria-label={`Role of ${member.email}`}
            data={ROLE_OPTIONS}
            value={member.role}
            onChange={(event) => {
              const value = event.currentTarget.value as OfficeRole;
              if (value !== member.role) void run('Changing the role', () => changeRole({ officeId, userId: member.user_id, role: value }).unwrap(), 'Role changed');
            }}
            w={130}
          />
        ) : (
          member.role
        )}
      </Table.Td>
      <Table.Td data-label="Status">{member.status === 'invited' ? <Badge color="yellow" variant="light">Invited</Badge> : <Badge color="teal" variant="light">Active</Badge>}</Table.Td>
      <Table.Td data-label="Actions">
        {admin && (
          <Group gap="xs" wrap="nowrap">
            {member.status === 'invited' && (
              <Button size="xs" variant="default" onClick={() => void run('Sending the invitation again', () => resend({ officeId, email: member.email }).unwrap(), 'Invitation sent again')}>
                Resend
              </Button>
            )}
            <Button size="xs" color="red" variant="light" onClick={() => setRemoving(member)} aria-label={`Remove ${member.email}`}>
              Remove
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <PageFrame title="Team" site="Pie for artists" width="wide" description={`The people who manage ${office.name}'s artists, and what each can do.`}>
      {message && (
        <Alert color={message.ok ? 'teal' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      {admin && (
        <Section title="Invite a member">
          <InviteForm officeId={officeId} onInvite={(email, role) => run('Inviting', () => invite({ officeId, email, role }).unwrap(), `Invitation sent to ${email}`)} />
        </Section>
      )}
      <Section title="Members">
        <QueryState query={members} loading="Loading the team…" errorFallback="We could not load the team">
          {(list) => (
            <TableScroll minWidth={720} stackOnPhone label="Team members (table)">
              <Table>
                <Table.Caption>Team members</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{list.map(row)}</Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </QueryState>
      </Section>
      <ModalDialog opened={removing !== null} onClose={() => setRemoving(null)} title="Remove this member?" centered>
        <Stack gap="md">
          <Text>{removing ? `${removing.email} loses access to ${office.name} and its artists at once. You can invite them again later.` : ''}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                const member = removing;
                setRemoving(null);
                if (member) void run('Removing the member', () => remove({ officeId, email: member.email }).unwrap(), 'Member removed');
              }}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </ModalDialog>
    </PageFrame>
  );
}
