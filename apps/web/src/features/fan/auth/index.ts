/** The fan auth feature's public surface, composed by the app's routes. */
export { RegisterForm } from './components/RegisterForm';
export { LoginForm } from './components/LoginForm';
export { VerifyEmailStatus } from './components/VerifyEmailStatus';
export { RequireFanSession } from './components/RequireFanSession';
export { LogoutButton } from './components/LogoutButton';
export { FanForgotPassword, FanResetPassword } from './components/PasswordReset';
export { TryPromotion } from './components/TryPromotion';
export { authApi } from './api/auth.api';
export { useFanSessionCheck } from './hooks/use-fan-session-check';
export { useResendVerification } from './hooks/use-resend-verification';
