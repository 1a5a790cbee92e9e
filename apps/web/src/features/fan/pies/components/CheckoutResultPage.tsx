import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /pie/successCheckout: where the payment page returns after paying for a pie. */
export function CheckoutResultPage() {
  return (
    <PageFrame title="Checkout" description="The result of paying for your pie.">
      <EmptyState
        title="No checkout to confirm"
        action={
          <Anchor component={Link} to="/pie">
            Go to your pie
          </Anchor>
        }
      >
        <Text c="dimmed">
          We found no recent payment for a pie on your account. If you have just paid, your pie appears on your pie page
          as soon as the payment is confirmed.
        </Text>
      </EmptyState>
    </PageFrame>
  );
}
