import { randomUUID } from 'node:crypto';
import type { SocialProvider } from '#pie/contracts';
import { sql } from 'kysely';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import type { SessionKind } from '../domain/session.entity.js';
import { ProviderConnected } from '../events/provider-connected.event.js';
import type { TokenSet } from './oauth-client.js';
import type { SocialProfile } from './social-providers.js';
import type { TokenCipher } from './token-cipher.js';

/** The live account a provider account is linked to (a deleted account's leftovers count as none). */
export async function findLinkedSubject(em: EntityManager, kind: SessionKind, provider: SocialProvider, providerUserId: string): Promise<string | null> {
  const links = identityDb(em)
    .selectFrom('identity.social_identities as s')
    .select('s.subject_id')
    .where('s.subject_kind', '=', kind)
    .where('s.provider', '=', provider)
    .where('s.provider_user_id', '=', providerUserId);
  // Admins are removed, not marked deleted: their link needs no live-account check.
  const live =
    kind === 'fan'
      ? links.where(({ exists, selectFrom }) =>
          exists(selectFrom('identity.fans as a').select(sql<number>`1`.as('one')).whereRef('a.id', '=', 's.subject_id').where('a.deleted_at', 'is', null)),
        )
      : kind === 'artist'
        ? links.where(({ exists, selectFrom }) =>
            exists(selectFrom('identity.artist_users as a').select(sql<number>`1`.as('one')).whereRef('a.id', '=', 's.subject_id').where('a.deleted_at', 'is', null)),
          )
        : links;
  const row = await live.executeTakeFirst();
  return row?.subject_id ?? null;
}

/** Attaches (or refreshes) a provider account on a Pie account; one account per provider. */
export async function saveLinkedAccount(
  em: EntityManager,
  cipher: TokenCipher,
  link: { kind: SessionKind; subjectId: string; provider: SocialProvider; profile: SocialProfile; tokens: TokenSet },
): Promise<void> {
  const { kind, subjectId, provider, profile, tokens } = link;
  const db = identityDb(em);
  await db
    .deleteFrom('identity.social_identities')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('provider', '=', provider)
    .where('provider_user_id', '<>', profile.providerUserId)
    .execute();
  await db
    .insertInto('identity.social_identities')
    .values({
      id: randomUUID(),
      subject_kind: kind,
      subject_id: subjectId,
      provider,
      provider_user_id: profile.providerUserId,
      email: profile.email,
      display_name: profile.displayName,
      access_token_enc: cipher.encrypt(tokens.accessToken),
      refresh_token_enc: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
      token_expires_at: tokens.expiresAt,
      scopes: tokens.scope,
      country: profile.country ?? null,
    })
    .onConflict((conflict) =>
      conflict.columns(['subject_kind', 'provider', 'provider_user_id']).doUpdateSet((eb) => ({
        subject_id: eb.ref('excluded.subject_id'),
        email: eb.ref('excluded.email'),
        display_name: eb.ref('excluded.display_name'),
        access_token_enc: eb.ref('excluded.access_token_enc'),
        refresh_token_enc: eb.fn.coalesce('excluded.refresh_token_enc', 'identity.social_identities.refresh_token_enc'),
        token_expires_at: eb.ref('excluded.token_expires_at'),
        scopes: eb.ref('excluded.scopes'),
        updated_at: sql`now()`,
        country: eb.fn.coalesce('excluded.country', 'identity.social_identities.country'),
        broken_at: null,
        broken_reason: null,
      })),
    )
    .execute();
  // Signing in or linking (again) re-opens a broken connection: modules that read the provider start over.
  if (kind === 'fan') recordInOutbox(em, ProviderConnected.create({ fanId: subjectId, provider }));
}

/** How many ways the account has to sign in: its password and each linked provider. */
export async function signInMethodCount(em: EntityManager, kind: 'fan' | 'artist', subjectId: string): Promise<number> {
  const db = identityDb(em);
  const table = kind === 'fan' ? 'identity.fans' : 'identity.artist_users';
  const links = await db
    .selectFrom('identity.social_identities')
    .select(sql<string>`count(*)`.as('n'))
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .executeTakeFirstOrThrow();
  const password = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).where('id', '=', subjectId).where('password_hash', 'is not', null).executeTakeFirstOrThrow();
  return Number(links.n) + Number(password.n);
}

export async function removeLinkedAccount(em: EntityManager, kind: SessionKind, subjectId: string, provider: SocialProvider): Promise<boolean> {
  const removed = await identityDb(em)
    .deleteFrom('identity.social_identities')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('provider', '=', provider)
    .returning('id')
    .execute();
  return removed.length > 0;
}

/** Whether the account has this provider linked. */
export async function isLinked(em: EntityManager, kind: SessionKind, subjectId: string, provider: SocialProvider): Promise<boolean> {
  const row = await identityDb(em)
    .selectFrom('identity.social_identities')
    .select('id')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row !== undefined;
}
