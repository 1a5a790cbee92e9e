import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '#pie/identity';
import { hashPassword } from '#pie/identity/testing';
import type { Sql } from './sql.js';
import type { TestPlatform } from './test-platform.js';

export type AccountKind = 'fan' | 'artist' | 'admin';

export interface TestAccount {
  kind: AccountKind;
  id: string;
  email: string;
  password: string;
}

const LOGIN_PATH: Record<AccountKind, string> = {
  fan: '/api/auth/login',
  artist: '/api/for-artists/auth/login',
  admin: '/api/admin/auth/login',
};

/** A verified account of any kind, written straight to the database (the sign-up flow has its own tests). */
export async function makeAccount(sql: Sql, kind: AccountKind, overrides: Partial<{ email: string; password: string }> = {}): Promise<TestAccount> {
  const id = randomUUID();
  const email = overrides.email ?? `${kind}-${randomBytes(4).toString('hex')}@example.test`;
  const password = overrides.password ?? 'a good long password';
  const hash = await hashPassword(password);
  if (kind === 'fan') {
    await sql.query(
      `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at)
       values ($1, $2, 'Fia', 'Fan', $3, now(), now())`,
      [id, email, hash],
    );
  } else if (kind === 'artist') {
    await sql.query(
      `insert into identity.artist_users (id, email, first_name, last_name, password_hash, email_verified_at, registration_completed_at)
       values ($1, $2, 'Ari', 'Artist', $3, now(), now())`,
      [id, email, hash],
    );
  } else {
    await sql.query(`insert into identity.admins (id, email, name, password_hash) values ($1, $2, 'Ada Admin', $3)`, [id, email, hash]);
  }
  return { kind, id, email, password };
}

/** Logs in through the API and returns the session cookie value (and the whole response). */
export async function logIn(platform: TestPlatform, account: TestAccount) {
  const response = await platform.request('POST', LOGIN_PATH[account.kind], { body: { email: account.email, password: account.password } });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE[account.kind]);
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: cookie.value, cookie, response, cookies: { [SESSION_COOKIE[account.kind]]: cookie.value } };
}
