export { TextField, type TextFieldProps } from './TextField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { PageLoader } from './PageLoader';
export { FormAlert } from './FormAlert';
export { AuthCard } from './AuthCard';
export {
  useForm,
  zodFieldErrors,
  type FieldProps,
  type FormErrors,
  type FormValues,
  type UseFormOptions,
} from './use-form';
