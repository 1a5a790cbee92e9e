import { Inject, Injectable } from '@nestjs/common';
import type { FanImpactQueryInput, FanImpactView } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import { publicProfileOf } from '#pie/listening';
import { pieOwner } from '#pie/pies';
import { Database } from '#pie/platform';
import { noPublicCard } from './admin.errors.js';
import { fanImpact, impactScope, pieScope } from './fan-impact.js';
import { impactCardPng } from './impact-card.js';


/**
 * A fan's impact (issue 31, item 2): the `/report` section, the fan's own card, and a public pie's
 * card (its Open Graph image). What a card names follows the fan's visibility: their name on a
 * public profile, their artists' names when their top artists are public too; a private fan's own
 * card shows figures only, and a private fan's pie has no public card at all (a crawler fetches it
 * for anyone who has the link).
 */
@Injectable()
export class FanImpacts {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async view(fanId: string, query: FanImpactQueryInput): Promise<FanImpactView> {
    const em = this.database.em();
    return fanImpact(em, fanId, await impactScope(em, fanId, query));
  }

  /** The fan's own card for a scope (their session): named only when their profile is public. */
  async ownCard(fanId: string, query: FanImpactQueryInput): Promise<Buffer> {
    const impact = await this.view(fanId, query);
    return impactCardPng(await this.cardContent(fanId, impact));
  }

  /** Whose pie has a public card: its fan's when their profile is public, else null. */
  async publicCardOwner(pieId: string): Promise<string | null> {
    const em = this.database.em();
    const fanId = await pieOwner(em, pieId);
    if (!fanId) return null;
    // A deleted fan's profile goes with the listening worker, later: their card goes at once.
    if (await this.contacts.isDeleted(fanId, em)) return null;
    return (await publicProfileOf(em, fanId)).public ? fanId : null;
  }

  /** A public pie's card (no session): what its closes gave, named; 404 for an unknown pie or a private fan's. */
  async publicPieCard(pieId: string): Promise<Buffer> {
    const fanId = await this.publicCardOwner(pieId);
    if (!fanId) throw noPublicCard();
    const impact = await fanImpact(this.database.em(), fanId, pieScope(fanId, pieId));
    return impactCardPng(await this.cardContent(fanId, impact));
  }

  /** The card's names, only those the fan's visibility allows. */
  private async cardContent(fanId: string, impact: FanImpactView) {
    return { impact, fanName: impact.card.namesFan ? await this.fanName(fanId) : null, artistNames: impact.card.namesArtists };
  }

  /** The name the public pie page shows: the fan's username, else their first name. */
  private async fanName(fanId: string): Promise<string | null> {
    const em = this.database.em();
    const profile = await publicProfileOf(em, fanId);
    return profile.username ?? (await this.contacts.contactOf(fanId, em))?.firstName ?? null;
  }
}
