/**
 * The artist area's sign-in paths, in a module of their own: the guard needs them on every
 * signed-in screen, the login form's code (fields, captcha) only on the login screen.
 */
export const ARTIST_HOME = '/for-artists/artists';
export const ARTIST_LOGIN = '/for-artists/login';
