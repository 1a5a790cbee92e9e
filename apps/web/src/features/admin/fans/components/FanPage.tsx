import { Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@web/shared/format';
import { Section } from '@web/shared/ui';
import { AdminRecordPage, TransactionsOf } from '@web/shared/back-office';

/** /admin/fans/:id: a fan, their pies, wallet and money history. */
export function FanPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Fan"
      id={id}
      path={`fans/${id}`}
      list={{ to: '/admin/fans', label: 'Fans' }}
      title={(fan) => `${fan.firstName} ${fan.lastName}`}
      facts={(fan) => [
        { label: 'E-mail', value: `${fan.email}${fan.emailVerified ? '' : ' (not verified)'}` },
        { label: 'Wallet', value: formatMoney(fan.money.balanceCents) },
        { label: 'Paid in', value: formatMoney(fan.money.paidInCents) },
        { label: 'Fees', value: formatMoney(fan.money.feesCents), hint: `Stripe ${formatMoney(fan.money.cardFeesCents)} · Pie ${formatMoney(fan.money.pieFeesCents)}` },
        { label: 'Given to artists', value: formatMoney(fan.money.givenToArtistsCents) },
        { label: 'Waiting in escrow', value: formatMoney(fan.money.waitingInEscrowCents) },
        { label: 'Refunded to the card', value: formatMoney(fan.money.refundedCents) },
        { label: 'Joined', value: formatDateTime(fan.createdAt) },
        { label: 'Time zone', value: fan.timeZone },
        { label: 'Stripe customer', value: fan.stripeCustomerId ?? '—' },
        { label: 'Free pie', value: fan.usedPromotion ? 'used' : fan.promoEligible ? 'eligible' : 'not eligible' },
      ]}
    >
      {(fan) => (
        <>
          <Section title="Pies">
            {fan.pies.length === 0 ? (
              <Text c="dimmed">No pie yet.</Text>
            ) : (
              fan.pies.map((pie: { id: string; status: string; amountCents: number; pieDays: number; createdAt: string }) => <Text key={pie.id} size="sm">{`${formatMoney(pie.amountCents)} every ${pie.pieDays} days · ${pie.status} · since ${formatDateTime(pie.createdAt)}`}</Text>)
            )}
          </Section>
          <TransactionsOf id={id} />
        </>
      )}
    </AdminRecordPage>
  );
}
