import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistUserCards } from '#pie/identity';
import { artistFacts } from '#pie/listening';
import { createOfficeFor, requireAdmin } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { usableInvite } from '../../domain/artist-invites.js';
import { alreadyClaimed, artistNotFound } from '../../domain/claims.errors.js';
import { changeStatus, claimsWhere, isUniqueViolation, recordCreation, summaries, verificationStringFor } from '../../domain/claims-store.js';
import { RedeemArtistInvite } from './redeem-artist-invite.command.js';

@CommandHandler(RedeemArtistInvite)
export class RedeemArtistInviteHandler implements ICommandHandler<RedeemArtistInvite> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, token, into }: RedeemArtistInvite) {
    try {
      return await this.database.transaction(async (em) => {
        const invite = await usableInvite(em, token, { lock: true });
        const [artist] = await artistFacts(em, [invite.artist_id]);
        if (!artist) throw artistNotFound();
        // An office named in the request must be one the caller administers (404 / 403 otherwise).
        if (into.officeId) await requireAdmin(em, into.officeId, userId);
        const me = into.officeId ? null : (await artistUserCards(em, [userId])).get(userId);
        const officeId = into.officeId ?? (await createOfficeFor(em, userId, me?.email ?? '', artist.name.slice(0, 100), 'artist'));
        const [row] = await em.execute<{ id: string }[]>(
          `insert into claims.claims (office_id, artist_id, status, verification_method, verification_string, agreed_at, created_by)
           values (?, ?, 'pending', 'invite', ?, now(), ?) returning id`,
          [officeId, artist.id, verificationStringFor(this.config.SESSION_SECRET, userId, artist.id), userId],
        );
        const actor = { kind: 'system' as const, id: null };
        await recordCreation(em, row.id, { kind: 'artist', id: userId });
        // Pie sent the invite to the artist's own contact: that is the proof (pending → verifying → successful).
        let [claim] = await claimsWhere(em, 'id = ?', [row.id]);
        claim = await changeStatus(em, claim, 'verifying', actor, 'Artist invite redeemed');
        await changeStatus(em, claim, 'successful', actor, 'Verified by artist invite');
        await em.execute(`update claims.artist_invites set redeemed_at = now(), redeemed_by = ?, office_id = ?, claim_id = ? where id = ?`, [userId, officeId, row.id, invite.id]);
        const [summary] = await summaries(em, await claimsWhere(em, 'id = ?', [row.id]));
        return { officeId, claim: summary };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyClaimed();
      throw error;
    }
  }
}
