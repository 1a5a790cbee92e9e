import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistUserCards } from '#pie/identity';
import { artistFacts } from '#pie/listening';
import { createOfficeFor, requireAdmin } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { markInviteRedeemed, usableInvite } from '../../domain/artist-invites.js';
import { alreadyClaimed, artistNotFound } from '../../domain/claims.errors.js';
import { changeStatus, insertClaim, isUniqueViolation, loadClaim, summaries, verificationStringFor } from '../../domain/claims-store.js';
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
        const [artist] = await artistFacts(em, [invite.artistId]);
        if (!artist) throw artistNotFound();
        // An office named in the request must be one the caller administers (404 / 403 otherwise).
        if (into.officeId) await requireAdmin(em, into.officeId, userId);
        const me = into.officeId ? null : (await artistUserCards(em, [userId])).get(userId);
        const officeId = into.officeId ?? (await createOfficeFor(em, userId, me?.email ?? '', artist.name.slice(0, 100), 'artist'));
        const claimId = await insertClaim(em, {
          officeId,
          artistId: artist.id,
          verificationMethod: 'invite',
          platform: null,
          verificationString: verificationStringFor(this.config.SESSION_SECRET, userId, artist.id),
          createdBy: userId,
        });
        const actor = { kind: 'system' as const, id: null };
        // Pie sent the invite to the artist's own contact: that is the proof (pending → verifying → successful).
        let claim = (await loadClaim(em, claimId))!;
        claim = await changeStatus(em, claim, 'verifying', actor, 'Artist invite redeemed');
        claim = await changeStatus(em, claim, 'successful', actor, 'Verified by artist invite');
        await markInviteRedeemed(em, invite.id, { userId, officeId, claimId });
        const [summary] = await summaries(em, [claim]);
        return { officeId, claim: summary };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyClaimed();
      throw error;
    }
  }
}
