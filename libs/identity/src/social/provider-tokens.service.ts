import { Inject, Injectable } from '@nestjs/common';
import type { SocialProvider } from '#pie/contracts';
import { sql } from 'kysely';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import { OAuthGrantRefusedError, refreshTokens, type TokenSet } from './oauth-client.js';
import { providerSettings } from './social-providers.js';
import { TokenCipher } from './token-cipher.js';

export class ProviderNotConnectedError extends Error {}
/** The provider refused our refresh token: the fan withdrew access (or it expired for good). */
export class ProviderAccessRevokedError extends Error {
  /** What the fan should read, when it is more specific than "access was withdrawn". */
  readonly reason?: string;
}

/** The provider refused to renew access (invalid_grant), or there is nothing to renew it with: only a new connection helps. */
export class ProviderRefreshRefusedError extends ProviderAccessRevokedError {}

/** Stored tokens that no longer decrypt (the key changed, or the row was damaged): only a new connection helps. */
export class ProviderTokensUnreadableError extends ProviderAccessRevokedError {
  override readonly reason = TOKENS_UNREADABLE_REASON;
}

export const TOKENS_UNREADABLE_REASON =
  'Pie can no longer read the stored access to this account (its encryption key changed). Please connect it again.';

/** Refresh this long before the provider's expiry, so a token never dies mid-request. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The facade other modules use to act for a fan at a provider (listening reads Spotify with it).
 * Tokens stay encrypted at rest; refreshes rotate them under a row lock, so two workers never
 * spend the same refresh token.
 */
@Injectable()
export class ProviderTokens {
  private readonly cipher: TokenCipher;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config);
  }

  /** A valid access token for the fan, refreshed first when it is about to expire (or when `force`). */
  async accessTokenFor(fanId: string, provider: SocialProvider, options: { force?: boolean } = {}): Promise<string> {
    try {
      return await this.currentAccessToken(fanId, provider, options);
    } catch (error) {
      // Marked here, after the locking transaction rolled back, so every consumer sees the same reason.
      if (error instanceof ProviderTokensUnreadableError) await this.markBroken(fanId, provider, error.reason);
      throw error;
    }
  }

  private async currentAccessToken(fanId: string, provider: SocialProvider, options: { force?: boolean }): Promise<string> {
    return this.database.transaction(async (em) => {
      const db = identityDb(em);
      const row = await db
        .selectFrom('identity.social_identities')
        .select(['id', 'access_token_enc', 'refresh_token_enc', 'token_expires_at', 'broken_at'])
        .where('subject_kind', '=', 'fan')
        .where('subject_id', '=', fanId)
        .where('provider', '=', provider)
        .forUpdate()
        .executeTakeFirst();
      if (!row || !row.access_token_enc) throw new ProviderNotConnectedError(`Fan ${fanId} has not connected ${provider}`);
      if (row.broken_at) throw new ProviderAccessRevokedError(`The ${provider} connection of fan ${fanId} is broken`);
      const fresh = row.token_expires_at === null || new Date(row.token_expires_at).getTime() - Date.now() > REFRESH_MARGIN_MS;
      if (fresh && !options.force) return this.open(row.access_token_enc);
      if (!row.refresh_token_enc) throw new ProviderRefreshRefusedError(`No refresh token for ${provider}; the fan must connect again`);
      const refreshed = await this.refresh(provider, this.open(row.refresh_token_enc));
      await db
        .updateTable('identity.social_identities')
        .set({
          access_token_enc: this.cipher.encrypt(refreshed.accessToken),
          // A provider that does not rotate refresh tokens sends none back: the stored one stays.
          ...(refreshed.refreshToken ? { refresh_token_enc: this.cipher.encrypt(refreshed.refreshToken) } : {}),
          token_expires_at: refreshed.expiresAt,
          updated_at: sql`now()`,
        })
        .where('id', '=', row.id)
        .execute();
      return refreshed.accessToken;
    });
  }

  /** Records that the provider no longer lets us in; the fan sees the reason until they connect again. */
  async markBroken(fanId: string, provider: SocialProvider, reason: string): Promise<void> {
    await identityDb(this.database.em())
      .updateTable('identity.social_identities')
      .set({ broken_at: sql`coalesce(broken_at, now())`, broken_reason: reason.slice(0, 500) })
      .where('subject_kind', '=', 'fan')
      .where('subject_id', '=', fanId)
      .where('provider', '=', provider)
      .execute();
  }

  /** Fans with a working connection, in id order, for paging through them all. */
  async connectedFans(provider: SocialProvider, page: { limit: number; afterFanId?: string }): Promise<{ fanId: string; connectedAt: Date }[]> {
    const rows = await identityDb(this.database.em())
      .selectFrom('identity.social_identities')
      .select(['subject_id', 'created_at'])
      .where('subject_kind', '=', 'fan')
      .where('provider', '=', provider)
      .where('broken_at', 'is', null)
      .where('access_token_enc', 'is not', null)
      .$if(page.afterFanId !== undefined, (query) => query.where('subject_id', '>', page.afterFanId!))
      .orderBy('subject_id')
      .limit(page.limit)
      .execute();
    return rows.map((row) => ({ fanId: row.subject_id, connectedAt: new Date(row.created_at) }));
  }

  private open(sealed: string): string {
    try {
      return this.cipher.decrypt(sealed);
    } catch {
      throw new ProviderTokensUnreadableError(TOKENS_UNREADABLE_REASON);
    }
  }

  private async refresh(provider: SocialProvider, refreshToken: string): Promise<TokenSet> {
    const settings = providerSettings(this.config, provider);
    if (!settings) throw new ProviderNotConnectedError(`${provider} is not configured`);
    try {
      return await refreshTokens(settings, refreshToken);
    } catch (error) {
      if (error instanceof OAuthGrantRefusedError) throw new ProviderRefreshRefusedError(`${settings.label} refused to renew access`);
      throw error;
    }
  }
}
