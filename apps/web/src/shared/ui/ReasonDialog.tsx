import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ModalDialog } from './ModalDialog';

/**
 * A confirmation that asks why (a claim rejected, a claim reported): says what will happen, takes a
 * reason of at least `minLength` characters (checked before anything is sent) and hands it, trimmed,
 * to `onConfirm`.
 */
export function ReasonDialog({
  opened,
  onClose,
  title,
  text,
  label,
  tooShortText,
  confirmLabel,
  onConfirm,
  loading,
  minLength = 3,
  maxLength,
  minRows = 2,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  label: string;
  tooShortText: string;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  loading: boolean;
  minLength?: number;
  maxLength: number;
  minRows?: number;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = reason.trim().length < minLength;
  return (
    <ModalDialog opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!tooShort) onConfirm(reason.trim());
        }}
      >
        <Stack>
          <Text size="sm">{text}</Text>
          <Textarea
            label={label}
            required
            autosize
            minRows={minRows}
            maxLength={maxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && tooShort ? tooShortText : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ModalDialog>
  );
}
