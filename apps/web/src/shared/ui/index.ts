export { TextField, type TextFieldProps } from './TextField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { PageLoader } from './PageLoader';
export { FormAlert } from './FormAlert';
export { AuthCard } from './AuthCard';
export { SubmitButton } from './SubmitButton';
export {
  useForm,
  zodFieldErrors,
  type FieldProps,
  type FormErrors,
  type FormValues,
  type UseFormOptions,
} from './use-form';
