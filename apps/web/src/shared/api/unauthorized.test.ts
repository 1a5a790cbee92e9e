import { describe, expect, it } from 'vitest';
import { isLoginOrRegisterCall, unauthorizedTarget } from './unauthorized';

describe('the 401 rule’s destination (spec §8)', () => {
  it.each([
    ['/for-artists', '/for-artists'],
    ['/for-artists/funds/payouts/7', '/for-artists'],
    ['/auth/for-artists/reset-password/abc', '/for-artists'],
    ['/dashboard', '/login'],
    ['/', '/login'],
    ['/pie/settings', '/login'],
    ['/artist/42', '/login'],
  ])('from %s goes to %s', (path, target) => {
    expect(unauthorizedTarget(path)).toBe(target);
  });
});

describe('the login and register exception', () => {
  it.each(['auth/login', '/auth/login', 'auth/login/', 'auth/register', '/auth/register?promo=try', 'auth/login#x'])(
    '%s is a login or register call',
    (url) => {
      expect(isLoginOrRegisterCall(url)).toBe(true);
    },
  );

  it.each(['auth/logout', 'auth/login-extra', 'auth/registered', 'user', 'auth/complete-registration', 'auth/reset-password/abc', 'login'])(
    '%s is not',
    (url) => {
      expect(isLoginOrRegisterCall(url)).toBe(false);
    },
  );
});
