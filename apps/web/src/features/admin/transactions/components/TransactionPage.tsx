import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /admin/transactions/:id: one transaction. */
export function TransactionPage({ id }: { id: string }) {
  return (
    <PageFrame title="Transaction" site="Pie admin" back={{ to: '/admin/transactions', label: 'Transactions' }}>
      <EmptyState
        title="No transaction with this id"
        action={
          <Anchor component={Link} to="/admin/transactions">
            Back to transactions
          </Anchor>
        }
      >
        {`There is no transaction with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
