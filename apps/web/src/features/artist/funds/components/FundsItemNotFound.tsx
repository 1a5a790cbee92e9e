import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** A payout's or transaction's page when the office has none with that id. */
export function FundsItemNotFound({ kind }: { kind: 'payout' | 'transaction' }) {
  const title = kind === 'payout' ? 'Payout details' : 'Transaction details';
  return (
    <PageFrame title={title} site="Pie for artists" back={{ to: '/for-artists/funds', label: 'Funds' }}>
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
