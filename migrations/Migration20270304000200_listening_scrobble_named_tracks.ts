import { Migration } from '@mikro-orm/migrations';

/**
 * Tracks a scrobbling service named (issue 33): `named_by_scrobble` marks a track the catalogue
 * first heard of from a Last.fm or ListenBrainz scrobble, without a Spotify id. Its plays count in
 * the fan's split like a catalogue track's (an artist known only from scrobbles is split like any
 * other), where an upload's name-only tracks still wait for the catalogue. Existing name-only
 * tracks played from a scrobble source are marked too.
 */
export class Migration20270304000200_listening_scrobble_named_tracks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.tracks add column named_by_scrobble boolean not null default false`);
    this.addSql(`update listening.tracks t set named_by_scrobble = true
      where t.provider_id is null and exists (select 1 from listening.plays p where p.track_id = t.id and p.source in ('lastfm', 'listenbrainz'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table listening.tracks drop column named_by_scrobble`);
  }
}
