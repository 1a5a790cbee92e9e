import { TextInput, type TextInputProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { FieldLabel } from './FieldLabel';

export interface TextFieldProps extends Omit<TextInputProps, 'error' | 'withAsterisk' | 'label'> {
  label: string;
  /** Shown under the field; pass it only once the field is touched (see useForm). */
  error?: string;
  /** Marks the field with a red asterisk and `aria-required`. */
  required?: boolean;
}

/**
 * Spec §2 form helper: a labelled text field, a red asterisk when required and
 * its error under it. The error is linked with aria-describedby and sets
 * aria-invalid. `required` does not switch on the browser's own validation
 * bubbles: the form validates with zod and shows the spec's texts instead.
 */
export function TextField({ label, required = false, error, id, ...props }: TextFieldProps) {
  const inputId = useId(id);
  return (
    <div>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <TextInput {...props} id={inputId} aria-required={required || undefined} error={error} />
    </div>
  );
}
