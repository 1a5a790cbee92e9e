/** The artist auth feature's public surface, composed by the app's routes. */
export { ArtistLoginForm } from './components/ArtistLoginForm';
export { ArtistRegisterForm } from './components/ArtistRegisterForm';
export { ArtistVerifyEmail, ArtistForgotPassword, ArtistResetPassword } from './components/ArtistEmailLinks';
export { CompleteRegistration } from './components/CompleteRegistration';
export { RequireArtistSession } from './components/RequireArtistSession';
export { ArtistLogoutButton } from './components/ArtistLogoutButton';
export { artistAuthApi, useGetArtistUserQuery } from './api/artist-auth.api';
export { ARTIST_HOME, ARTIST_LOGIN } from './paths';
export { useArtistSessionCheck } from './hooks/use-artist-session-check';
