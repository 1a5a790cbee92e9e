import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { artistNotFound } from '../../domain/pies.errors.js';
import { BanArtist } from './ban-artist.command.js';
import { piesDb } from '../../db/pies-db.js';

@CommandHandler(BanArtist)
export class BanArtistHandler implements ICommandHandler<BanArtist, { artistId: string; banned: boolean }> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, artistId, banned }: BanArtist) {
    const em = this.database.em();
    if ((await artistFacts(em, [artistId])).length === 0) throw artistNotFound();
    if (banned) {
      await piesDb(em)
        .insertInto('pies.fan_bans')
        .values({ fan_id: fanId, artist_id: artistId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else await piesDb(em).deleteFrom('pies.fan_bans').where('fan_id', '=', fanId).where('artist_id', '=', artistId).execute();
    return { artistId, banned };
  }
}
