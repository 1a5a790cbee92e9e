import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/shared/ui';

export const FUNDS_ITEM_TITLE = { payout: 'Payout details', transaction: 'Transaction details' } as const;

/** A payout's or transaction's page when the office has none with that id. */
export function FundsItemNotFound({ kind }: { kind: 'payout' | 'transaction' }) {
  return (
    <PageFrame title={FUNDS_ITEM_TITLE[kind]} site="Pie for artists" back={{ to: '/for-artists/funds', label: 'Funds' }}>
      <EmptyState
        title={`No ${kind} with this id`}
        action={
          <Anchor component={Link} to="/for-artists/funds">
            Back to funds
          </Anchor>
        }
      >
        {`Your team has no ${kind} with this id. Your team's ${kind}s are listed under Funds.`}
      </EmptyState>
    </PageFrame>
  );
}
