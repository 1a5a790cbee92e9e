import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { FieldLabel } from './FieldLabel';

export interface SelectFieldProps extends Omit<NativeSelectProps, 'error' | 'withAsterisk' | 'label'> {
  label: string;
  /** Shown under the field; pass it only once the field is touched (see useForm). */
  error?: string;
  required?: boolean;
}

/**
 * The select counterpart of TextField: a labelled native select (keyboard
 * type-ahead and the phone's own picker for free), a red asterisk when
 * required and its error under it.
 */
export function SelectField({ label, required = false, error, id, ...props }: SelectFieldProps) {
  const inputId = useId(id);
  return (
    <div>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <NativeSelect {...props} id={inputId} aria-required={required || undefined} error={error} />
    </div>
  );
}
