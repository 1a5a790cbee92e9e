import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  /** The label at rest, e.g. 'Log in'. */
  label: ReactNode;
  /** The label while the form is being sent, e.g. 'Logging in...'. */
  pendingLabel: ReactNode;
  pending: boolean;
}

/** A form's submit button that says what it is doing while the form is sent. */
export function SubmitButton({ label, pendingLabel, pending, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      fullWidth
      {...props}
      disabled={disabled || pending}
      leftSection={pending ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
