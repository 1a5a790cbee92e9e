import { PasswordField, type FieldProps } from '../ui';

export interface NewPasswordFieldsProps {
  /** The form's field props for 'password' and 'repeatPassword' (`form.getFieldProps`). */
  fieldProps: (field: 'password' | 'repeatPassword') => FieldProps;
  /** The first field's label ('Password', or 'New password' on a reset). */
  label?: string;
}

/** A new password and its confirmation, as registration, invitations and resets ask for them. */
export function NewPasswordFields({ fieldProps, label = 'Password' }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={label} required autoComplete="new-password" description="At least 8 characters." {...fieldProps('password')} />
      <PasswordField label="Confirm password" required autoComplete="new-password" {...fieldProps('repeatPassword')} />
    </>
  );
}
