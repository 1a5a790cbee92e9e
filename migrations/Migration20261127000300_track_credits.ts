import { Migration } from '@mikro-orm/migrations';

/**
 * Each track carries its credited artists (id and name, in credit order) as one value, so a list
 * of tracks reads them with the track instead of looking up every track's credits (a page of 50
 * tracks spent two thirds of its Postgres time there). Triggers keep the copy true whoever writes
 * the catalogue: credits added, replaced or removed (an artist's deletion cascades here too), and
 * an artist renamed.
 */
export class Migration20261127000300_track_credits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.tracks add column credits jsonb not null default '[]'`);
    this.addSql(`create function listening.refresh_track_credits(track_ids uuid[]) returns void language sql as $$
      update listening.tracks t
         set credits = coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by ta.position, a.name)
                                   from listening.track_artists ta join listening.artists a on a.id = ta.artist_id
                                  where ta.track_id = t.id), '[]'::jsonb)
       where t.id = any(track_ids)
    $$`);
    this.addSql(`create function listening.track_credits_after_insert() returns trigger language plpgsql as $$
    begin
      perform listening.refresh_track_credits(array(select distinct track_id from new_credits));
      return null;
    end $$`);
    this.addSql(`create function listening.track_credits_after_delete() returns trigger language plpgsql as $$
    begin
      perform listening.refresh_track_credits(array(select distinct track_id from old_credits));
      return null;
    end $$`);
    this.addSql(`create function listening.track_credits_after_update() returns trigger language plpgsql as $$
    begin
      perform listening.refresh_track_credits(array(select track_id from old_credits union select track_id from new_credits));
      return null;
    end $$`);
    this.addSql(`create trigger track_credits_inserted after insert on listening.track_artists
      referencing new table as new_credits for each statement execute function listening.track_credits_after_insert()`);
    this.addSql(`create trigger track_credits_deleted after delete on listening.track_artists
      referencing old table as old_credits for each statement execute function listening.track_credits_after_delete()`);
    this.addSql(`create trigger track_credits_updated after update on listening.track_artists
      referencing old table as old_credits new table as new_credits for each statement execute function listening.track_credits_after_update()`);
    this.addSql(`create function listening.track_credits_after_artist_rename() returns trigger language plpgsql as $$
    begin
      perform listening.refresh_track_credits(array(
        select distinct ta.track_id from new_artists n join old_artists o on o.id = n.id join listening.track_artists ta on ta.artist_id = n.id
         where n.name is distinct from o.name));
      return null;
    end $$`);
    this.addSql(`create trigger track_credits_artist_renamed after update on listening.artists
      referencing old table as old_artists new table as new_artists for each statement execute function listening.track_credits_after_artist_rename()`);
    this.addSql(`select listening.refresh_track_credits(array(select id from listening.tracks))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger track_credits_artist_renamed on listening.artists`);
    this.addSql(`drop trigger track_credits_updated on listening.track_artists`);
    this.addSql(`drop trigger track_credits_deleted on listening.track_artists`);
    this.addSql(`drop trigger track_credits_inserted on listening.track_artists`);
    this.addSql(`drop function listening.track_credits_after_artist_rename(), listening.track_credits_after_update(), listening.track_credits_after_delete(), listening.track_credits_after_insert(), listening.refresh_track_credits(uuid[])`);
    this.addSql(`alter table listening.tracks drop column credits`);
  }
}
