import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistFacts } from '#pie/listening';
import { Database } from '#pie/platform';
import { artistNotFound } from '../../domain/pies.errors.js';
import { BanArtist } from './ban-artist.command.js';

@CommandHandler(BanArtist)
export class BanArtistHandler implements ICommandHandler<BanArtist, { artistId: string; banned: boolean }> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, artistId, banned }: BanArtist) {
    const em = this.database.em();
    if ((await artistFacts(em, [artistId])).length === 0) throw artistNotFound();
    if (banned) await em.execute(`insert into pies.fan_bans (fan_id, artist_id) values (?, ?) on conflict do nothing`, [fanId, artistId]);
    else await em.execute(`delete from pies.fan_bans where fan_id = ? and artist_id = ?`, [fanId, artistId]);
    return { artistId, banned };
  }
}
