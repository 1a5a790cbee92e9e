import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useState } from 'react';
import { FieldLabel } from './FieldLabel';

export interface PasswordFieldProps extends Omit<TextInputProps, 'error' | 'withAsterisk' | 'type' | 'label'> {
  label: string;
  error?: string;
  required?: boolean;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * Spec §2 form helper: a password field with a show/hide toggle. The toggle is
 * a real button in the tab order, named 'Show password' or 'Hide password'
 * ('Show confirm password' for a field labelled 'Confirm password').
 */
export function PasswordField({ label, required = false, error, id, ...props }: PasswordFieldProps) {
  const inputId = useId(id);
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <div>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <TextInput
        {...props}
        id={inputId}
        type={visible ? 'text' : 'password'}
        aria-required={required || undefined}
        error={error}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon
            type="button"
            variant="subtle"
            color="gray"
            aria-label={toggleLabel}
            title={toggleLabel}
            aria-controls={inputId}
            onClick={() => setVisible((current) => !current)}
          >
            <EyeIcon crossed={visible} />
          </ActionIcon>
        }
      />
    </div>
  );
}
