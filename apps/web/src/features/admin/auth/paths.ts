/**
 * The admin area's sign-in paths, in a module of their own: the guard needs them on every
 * signed-in screen, the login form's code (fields, captcha) only on the login screen.
 */
export const ADMIN_HOME = '/admin/dashboard';
export const ADMIN_LOGIN = '/admin';
/** Admin Google sign-in is a browser navigation; Google comes back to /admin/auth/google/callback. */
export const ADMIN_GOOGLE_SIGN_IN = '/api/admin/auth/google';
