import { Migration } from '@mikro-orm/migrations';

/**
 * MusicBrainz ids in the catalogue (issue 33): scrobbles carry them where the service knows them
 * (ListenBrainz's MBID mapping, Last.fm's `mbid` fields). A scrobble is matched to a track by its
 * recording MBID before its names, and a track or artist created from a scrobble keeps the MBID,
 * so two services spelling one recording differently name one track. Unique where present.
 */
export class Migration20270304000300_listening_mbids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.tracks add column mbid uuid`);
    this.addSql(`create unique index tracks_mbid_unique on listening.tracks (mbid) where mbid is not null`);
    this.addSql(`alter table listening.artists add column mbid uuid`);
    this.addSql(`create unique index artists_mbid_unique on listening.artists (mbid) where mbid is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table listening.tracks drop column mbid`);
    this.addSql(`alter table listening.artists drop column mbid`);
  }
}
