/** The admin auth feature's public surface. */
export { AdminLoginForm } from './components/AdminLoginForm';
export { GoogleCallback } from './components/GoogleCallback';
export { RequireAdminSession } from './components/RequireAdminSession';
export { AdminLogoutButton } from './components/AdminLogoutButton';
export { adminAuthApi } from './api/admin-auth.api';
export { useAdminSessionCheck } from './hooks/use-admin-session-check';
export { ADMIN_HOME, ADMIN_LOGIN } from './paths';
