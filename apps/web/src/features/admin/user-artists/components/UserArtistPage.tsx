import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@web/shared/format';
import { Section } from '@web/shared/ui';
import { AdminRecordPage } from '@web/shared/back-office';

/** /admin/user-artists/:id: an artist account and its offices. */
export function UserArtistPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Artist user"
      id={id}
      path={`user-artists/${id}`}
      list={{ to: '/admin/user-artists', label: 'Artist users' }}
      title={(user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
      facts={(user) => [
        { label: 'E-mail', value: user.email },
        { label: 'Registered', value: user.registered ? 'yes' : 'invited' },
        { label: 'Created', value: formatDateTime(user.createdAt) },
      ]}
    >
      {(user) => (
        <Section title="Offices">
          {user.offices.length === 0 ? (
            <Text c="dimmed">Not in any office.</Text>
          ) : (
            <List>
              {user.offices.map((office: { officeId: string; name: string; role: string; status: string }) => (
                <List.Item key={office.officeId}>
                  <Anchor component={Link} to={`/admin/offices/${office.officeId}`}>
                    {office.name}
                  </Anchor>
                  {` · ${office.role} · ${office.status}`}
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      )}
    </AdminRecordPage>
  );
}
