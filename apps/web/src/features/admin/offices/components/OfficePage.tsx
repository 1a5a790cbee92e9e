import { List, Text } from '@mantine/core';
import { formatMoney } from '@web/shared/format';
import { Section } from '@web/shared/ui';
import { AdminRecordPage, AdminRefLink, AuditLogSection, ConfirmAction, TransactionsOf } from '@web/shared/back-office';

/** /admin/offices/:id: an office, its people, its money and its Stripe connection. */
export function OfficePage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Office"
      id={id}
      path={`offices/${id}`}
      list={{ to: '/admin/offices', label: 'Offices' }}
      title={(office) => office.name}
      facts={(office) => [
        { label: 'Earnings at Pie', value: formatMoney(office.earningsCents) },
        { label: 'In its Stripe account', value: formatMoney(office.connectedCents) },
        { label: 'Stripe', value: office.stripe ? (office.stripe.disconnectedAt ? 'disconnected by Pie' : office.stripe.status.replace(/_/g, ' ')) : 'not connected' },
        { label: 'Type', value: office.type },
      ]}
    >
      {(office) => (
        <>
          <Section title="People">
            <List size="sm">
              {office.people.map((person: { userId: string; email: string; role: string; status: string }) => (
                <List.Item key={person.userId}>
                  {/* An invited person has no account yet: only members have a page. */}
                  {person.status === 'active' ? <AdminRefLink value={{ type: 'artist_user', id: person.userId, name: person.email }} /> : person.email}
                  {` · ${person.role} · ${person.status}`}
                </List.Item>
              ))}
            </List>
          </Section>
          <Section title="Stripe connection">
            {office.stripe && !office.stripe.disconnectedAt ? (
              <ConfirmAction
                label="Disconnect Stripe"
                color="red"
                title="Disconnect this office's Stripe account?"
                text="Transfers to this office stop. Its money stays in its earnings at Pie until the connection is restored."
                request={{ method: 'DELETE', path: `offices/${id}/stripe-connection` }}
                confirmLabel="Disconnect"
              />
            ) : office.stripe ? (
              <>
                <Text c="dimmed">Disconnected: no transfers go to this office. The office can reconnect by starting Stripe onboarding again.</Text>
                <ConfirmAction
                  label="Reconnect Stripe"
                  title="Reconnect this office's Stripe account?"
                  text="Transfers to this office resume once Stripe has its account enabled, and its artists' escrow is released to it."
                  request={{ method: 'POST', path: `offices/${id}/stripe-connection` }}
                  confirmLabel="Reconnect"
                />
              </>
            ) : (
              <Text c="dimmed">This office has not connected Stripe.</Text>
            )}
          </Section>
          <TransactionsOf id={id} />
          <AuditLogSection targetType="office" targetId={id} title="Audit log of this office" />
        </>
      )}
    </AdminRecordPage>
  );
}
