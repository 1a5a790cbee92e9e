import { Migration } from '@mikro-orm/migrations';

/**
 * An invitation no longer creates an artist account (issue 27): until it is accepted, an invited
 * member row's user_id is an id of its own that names no account, and accepting replaces it with
 * the accepting account's id. Artists assigned to the invited row follow that change.
 */
export class Migration20261204000100_offices_invitations_without_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table offices.member_artists drop constraint member_artists_office_id_user_id_fkey`);
    this.addSql(`alter table offices.member_artists add constraint member_artists_office_id_user_id_fkey
      foreign key (office_id, user_id) references offices.members (office_id, user_id) on update cascade on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table offices.member_artists drop constraint member_artists_office_id_user_id_fkey`);
    this.addSql(`alter table offices.member_artists add constraint member_artists_office_id_user_id_fkey
      foreign key (office_id, user_id) references offices.members (office_id, user_id) on delete cascade`);
  }
}
