import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useGetActiveSubscriptionQuery } from '../api/payments.api';
import { CreatePieForm } from './CreatePieForm';

/** "Create a pie" and its modal, offered while the fan has no subscription running. */
export function StartPieButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const subscription = useGetActiveSubscriptionQuery();
  const running = subscription.data && ['active', 'trialing', 'past_due'].includes(subscription.data.status);
  if (subscription.isLoading || running) return null;
  return (
    <>
      <Button onClick={open}>Create a pie</Button>
      <Modal opened={opened} onClose={close} title="Create your pie" centered>
        <CreatePieForm />
      </Modal>
    </>
  );
}
