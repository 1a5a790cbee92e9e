import { randomUUID } from 'node:crypto';
import type { SocialProvider } from '#pie/contracts';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import type { SessionKind } from '../domain/session.entity.js';
import { ProviderConnected } from '../events/provider-connected.event.js';
import type { TokenSet } from './oauth-client.js';
import type { SocialProfile } from './social-providers.js';
import type { TokenCipher } from './token-cipher.js';

/** The live account a provider account is linked to (a deleted account's leftovers count as none). */
export async function findLinkedSubject(em: EntityManager, kind: SessionKind, provider: SocialProvider, providerUserId: string): Promise<string | null> {
  const accounts = kind === 'fan' ? 'identity.fans' : kind === 'artist' ? 'identity.artist_users' : null;
  const rows = await em.execute<{ subject_id: string }[]>(
    `select s.subject_id from identity.social_identities s
      where s.subject_kind = ? and s.provider = ? and s.provider_user_id = ?
        ${accounts ? `and exists (select 1 from ${accounts} a where a.id = s.subject_id and a.deleted_at is null)` : ''}`,
    [kind, provider, providerUserId],
  );
  return rows[0]?.subject_id ?? null;
}

/** Attaches (or refreshes) a provider account on a Pie account; one account per provider. */
export async function saveLinkedAccount(
  em: EntityManager,
  cipher: TokenCipher,
  link: { kind: SessionKind; subjectId: string; provider: SocialProvider; profile: SocialProfile; tokens: TokenSet },
): Promise<void> {
  const { kind, subjectId, provider, profile, tokens } = link;
  await em.execute(
    `delete from identity.social_identities where subject_kind = ? and subject_id = ? and provider = ? and provider_user_id <> ?`,
    [kind, subjectId, provider, profile.providerUserId],
  );
  await em.execute(
    `insert into identity.social_identities
       (id, subject_kind, subject_id, provider, provider_user_id, email, display_name, access_token_enc, refresh_token_enc, token_expires_at, scopes, country)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (subject_kind, provider, provider_user_id) do update set
       subject_id = excluded.subject_id, email = excluded.email, display_name = excluded.display_name, access_token_enc = excluded.access_token_enc,
       refresh_token_enc = coalesce(excluded.refresh_token_enc, identity.social_identities.refresh_token_enc),
       token_expires_at = excluded.token_expires_at, scopes = excluded.scopes, updated_at = now(),
       country = coalesce(excluded.country, identity.social_identities.country),
       broken_at = null, broken_reason = null`,
    [
      randomUUID(),
      kind,
      subjectId,
      provider,
      profile.providerUserId,
      profile.email,
      profile.displayName,
      cipher.encrypt(tokens.accessToken),
      tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
      tokens.expiresAt,
      tokens.scope,
      profile.country ?? null,
    ],
  );
  // Signing in or linking (again) re-opens a broken connection: modules that read the provider start over.
  if (kind === 'fan') recordInOutbox(em, ProviderConnected.create({ fanId: subjectId, provider }));
}

/** How many ways the account has to sign in: its password and each linked provider. */
export async function signInMethodCount(em: EntityManager, kind: 'fan' | 'artist', subjectId: string): Promise<number> {
  const table = kind === 'fan' ? 'identity.fans' : 'identity.artist_users';
  const [row] = await em.execute<{ methods: string }[]>(
    `select (select count(*) from identity.social_identities where subject_kind = ? and subject_id = ?)
          + (select count(*) from ${table} where id = ? and password_hash is not null) as methods`,
    [kind, subjectId, subjectId],
  );
  return Number(row?.methods ?? 0);
}

export async function removeLinkedAccount(em: EntityManager, kind: SessionKind, subjectId: string, provider: SocialProvider): Promise<boolean> {
  const removed = await em.execute<{ id: string }[]>(
    `delete from identity.social_identities where subject_kind = ? and subject_id = ? and provider = ? returning id`,
    [kind, subjectId, provider],
  );
  return removed.length > 0;
}
