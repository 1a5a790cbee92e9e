import { DomainError } from '#pie/platform';

export const emailTaken = () =>
  new DomainError('identity.email-taken', 'conflict', 'An account with this e-mail already exists. Log in instead, or use another e-mail.', {
    email: ['An account with this e-mail already exists'],
  });

export const wrongCredentials = () => new DomainError('identity.wrong-credentials', 'unauthenticated', 'Incorrect e-mail or password');

export const emailNotVerified = () =>
  new DomainError(
    'identity.email-not-verified',
    'forbidden',
    'Please verify your e-mail address before logging in. We sent you a link when you registered.',
  );

export const invalidEmailLink = () =>
  new DomainError('identity.invalid-email-link', 'invalid', 'This link is not valid or has already been used.');

export const expiredEmailLink = () =>
  new DomainError('identity.expired-email-link', 'invalid', 'This link has expired. Please request a new one.');

export const notSignedIn = () => new DomainError('unauthenticated', 'unauthenticated', 'You are not signed in');

export const captchaFailed = () => new DomainError('identity.captcha-failed', 'invalid', 'reCAPTCHA verification failed. Please try again.');

export const providerNotConfigured = (provider: string) =>
  new DomainError('identity.provider-not-configured', 'not-found', `Sign-in with ${provider} is not configured`);

export const providerNotLinked = (provider: string) =>
  new DomainError('identity.provider-not-linked', 'invalid', `No ${provider} account is linked`);

export const lastSignInMethod = () =>
  new DomainError(
    'identity.last-sign-in-method',
    'conflict',
    'You cannot disconnect your only way to sign in. Set a password (use "Forgot password") or link another account first.',
  );

export const wrongCurrentPassword = () =>
  new DomainError('identity.wrong-current-password', 'invalid', 'Your current password is not correct.', {
    current_password: ['Your current password is not correct'],
  });

export const noPasswordSet = () =>
  new DomainError(
    'identity.no-password-set',
    'conflict',
    'Your account has no password yet: you sign in with a linked account. Use "Forgot password" to set one.',
  );
