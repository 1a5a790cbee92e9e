import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@web/shared/api';
import { PieRules } from './PieRules';

/**
 * The end of both new-pie modals (paid and free): the server's refusal, announced; the rules,
 * folded; Cancel and the modal's own action.
 */
export function NewPieModalFooter({
  error,
  errorFallback,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  disabled = false,
}: {
  error: unknown;
  errorFallback: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {error !== undefined && (
        <Alert color="red" role="alert">
          {errorMessage(error, errorFallback)}
        </Alert>
      )}
      <details>
        <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
          The rules
        </Text>
        <PieRules />
      </details>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={loading} disabled={disabled}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
