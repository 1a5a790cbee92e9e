import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import { Admin } from './admin.entity.js';
import { ArtistUser } from './artist-user.entity.js';
import type { EmailTokenPurpose } from './email-token.entity.js';
import { Fan } from './fan.entity.js';
import type { SessionKind } from './session.entity.js';

/** What every kind of account that signs in with a password has in common. */
export interface PasswordAccount {
  id: string;
  email: string;
  firstName?: string | null;
  passwordHash?: string | null;
  deletedAt?: Date | null;
  hasVerifiedEmail(): boolean;
}

export type MailedAccountKind = Exclude<SessionKind, 'admin'>;

/** Where each kind's e-mail links land in the web app (web-routes.tsv) and which token purposes they use. */
export const MAIL_LINKS: Record<MailedAccountKind, { verifyPurpose: EmailTokenPurpose; resetPurpose: EmailTokenPurpose; verifyPath: string; resetPath: string; loginPath: string }> = {
  fan: {
    verifyPurpose: 'fan-verify-email',
    resetPurpose: 'fan-reset-password',
    verifyPath: '/auth/fans/verify-email/',
    resetPath: '/auth/fans/reset-password/',
    loginPath: '/login',
  },
  artist: {
    verifyPurpose: 'artist-verify-email',
    resetPurpose: 'artist-reset-password',
    verifyPath: '/auth/for-artists/verify-email/',
    resetPath: '/auth/for-artists/reset-password/',
    loginPath: '/for-artists/login',
  },
};

const ENTITIES = { fan: Fan, artist: ArtistUser, admin: Admin } as const;

/** The live (not deleted) account of a kind with this e-mail. */
export async function findAccountByEmail(em: EntityManager, kind: SessionKind, email: string): Promise<PasswordAccount | null> {
  const account = (await em.findOne(ENTITIES[kind] as typeof Fan, { email })) as PasswordAccount | null;
  return account && !account.deletedAt ? account : null;
}

export async function findAccountById(em: EntityManager, kind: SessionKind, id: string): Promise<PasswordAccount | null> {
  const account = (await em.findOne(ENTITIES[kind] as typeof Fan, { id })) as PasswordAccount | null;
  return account && !account.deletedAt ? account : null;
}

/**
 * Locks a fan's or artist's account row until the transaction ends (`liveOnly`: only when not
 * deleted); answers whether there was such a row.
 */
export async function lockAccount(em: EntityManager, kind: MailedAccountKind, id: string, options: { liveOnly?: boolean } = {}): Promise<boolean> {
  const row = await identityDb(em)
    .selectFrom(kind === 'fan' ? 'identity.fans' : 'identity.artist_users')
    .select('id')
    .where('id', '=', id)
    .$if(options.liveOnly === true, (query) => query.where('deleted_at', 'is', null))
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets a new password only if the stored one is still `expected` and the account is live (two
 * changes at once cannot both win); answers whether it did.
 */
export async function replacePassword(em: EntityManager, kind: MailedAccountKind, id: string, expected: string, passwordHash: string): Promise<boolean> {
  const changed = await identityDb(em)
    .updateTable(kind === 'fan' ? 'identity.fans' : 'identity.artist_users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('password_hash', '=', expected)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return changed.length > 0;
}
