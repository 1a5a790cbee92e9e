/** Account screens shared by the fan, artist and admin areas (forms, cards, dialogs). */
export {
  loginFormSchema,
  emailFormSchema,
  registerFormSchema,
  newPasswordFormSchema,
  nameAndPasswordFormSchema,
  personNameFormSchema,
  changePasswordFormSchema,
  type ChangePasswordFormValues,
  EMPTY_REGISTRATION,
  type RegisterFormValues,
} from './schemas';
export {
  REGISTRATION_FAILED,
  PROMO_ALREADY_USED,
  registrationErrorMessage,
  promotionAwareMessage,
} from './messages';
export {
  useRegistrationForm,
  type RegistrationDetails,
  type RegistrationFormState,
  type UseRegistrationFormOptions,
} from './use-registration-form';
export { RegistrationForm, RegistrationSent, type RegistrationFormProps } from './RegistrationForm';
export { ForgotPasswordCard, FORGOT_PASSWORD_SENT, FORGOT_PASSWORD_FAILED } from './ForgotPasswordCard';
export { ResetPasswordCard, RESET_PASSWORD_DONE, RESET_PASSWORD_FAILED } from './ResetPasswordCard';
export { useVerifyEmailToken, VERIFY_FAILED, type VerifyEmailState } from './use-verify-email-token';
export { VerifyEmailCard } from './VerifyEmailCard';
export { DeleteAccountSection, DELETE_CONFIRMATION_WORD, DELETE_ACCOUNT_FAILED } from './DeleteAccountSection';
export { ProviderReturnAlerts } from './ProviderReturnAlerts';
export { LinkedAccountsList, type LinkedAccountsListProps } from './LinkedAccountsList';
export {
  LoginCard,
  LOGIN_FAILED,
  useLoginFormState,
  type LoginCardProps,
  type LoginCredentials,
  type LoginFormState,
} from './LoginCard';
export { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';
export { AccountDetail } from './AccountDetail';
export { SignInReturnNotice } from './SignInReturnNotice';
export { useReturnParams } from './use-return-params';
export { ResendVerification, RESEND_VERIFICATION_FAILED, type ResendVerificationCall } from './ResendVerification';
