import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { errorMessage } from '../api';
import { ModalDialog } from '../ui';

export const DELETE_CONFIRMATION_WORD = 'DELETE';
export const DELETE_ACCOUNT_FAILED = 'We could not delete your account. Please try again.';

export interface DeleteAccountSectionProps {
  /** What goes, one item per line. */
  removed: ReactNode[];
  /** What stays, and why. */
  kept: ReactNode;
  /** Deletes the account; rejects on failure (the dialog then shows why). */
  onDelete: () => Promise<unknown>;
}

/**
 * 'Delete account' and its confirmation dialog: it says what is removed and
 * what is kept, and asks the person to type DELETE before the final button
 * works. Escape, Cancel and the close button leave without deleting.
 */
export function DeleteAccountSection({ removed, kept, onDelete }: DeleteAccountSectionProps) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  const close = () => {
    if (deleting) return;
    setOpened(false);
    setTyped('');
    setFailure(null);
  };

  const confirm = async () => {
    if (!confirmed || deleting) return;
    setDeleting(true);
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(errorMessage(error, DELETE_ACCOUNT_FAILED));
      setDeleting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Delete account
        </Title>
        <Text c="dimmed">Deleting your account is permanent and cannot be undone.</Text>
        <Button color="red" variant="outline" w="fit-content" onClick={() => setOpened(true)}>
          Delete account
        </Button>
      </Stack>
      <ModalDialog opened={opened} onClose={close} title="Delete your account?" centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="md">
            <Text>This permanently removes:</Text>
            <List size="sm" spacing={4}>
              {removed.map((item, index) => (
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List>
            <Text size="sm">{kept}</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={deleting}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!confirmed || deleting} loading={deleting}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </ModalDialog>
    </Paper>
  );
}
