import { Migration } from '@mikro-orm/migrations';

/**
 * A scrobble's end window reaches the track's end (issue 33): a 10-minute track's scrobble ends
 * anywhere from 4 to 10 minutes after its start, so `precision_s` takes up to 1,200 s
 * (`MAX_PRECISION_SECONDS`), not 240. With 240, a poll's report of a long track heard to the end
 * fell outside the window and was counted a second time.
 */
export class Migration20270304000100_listening_long_scrobble_window extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.plays drop constraint plays_precision_s_check,
      add constraint plays_precision_s_check check (precision_s between 1 and 1200)`);
  }

  override async down(): Promise<void> {
    this.addSql(`update listening.plays set precision_s = 240 where precision_s > 240`);
    this.addSql(`alter table listening.plays drop constraint plays_precision_s_check,
      add constraint plays_precision_s_check check (precision_s between 1 and 240)`);
  }
}
