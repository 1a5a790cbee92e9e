import { Migration } from '@mikro-orm/migrations';

/**
 * When a fan's pie was found over (no live pie left and every period of the fan closed): the close
 * or the status change that finds it records `pies.pie-finished.v1` once, in the same transaction,
 * and billing returns what the wallet still holds (libs/pies/README.md, "When a pie is over").
 * Fans whose pies were already over before this column existed get the event now, so money that
 * rolled over into a wallet with no later period does not stay there.
 */
export class Migration20261212000100_pies_finished_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table pies.pies add column finished_at timestamptz`);
    this.addSql(`with over as (
        update pies.pies p set finished_at = now()
         where p.status not in ('active', 'past_due')
           and not exists (select 1 from pies.pies live where live.fan_id = p.fan_id and live.status in ('active', 'past_due'))
           and not exists (select 1 from pies.pies op join pies.periods o on o.pie_id = op.id where op.fan_id = p.fan_id and o.state <> 'closed')
        returning p.id, p.fan_id, p.created_at
      ), newest as (
        select distinct on (fan_id) fan_id, id from over order by fan_id, created_at desc, id desc
      )
      insert into platform.outbox (id, queue, job_name, payload, occurred_at)
      select gen_random_uuid(), 'events', 'pies.pie-finished.v1', jsonb_build_object('fanId', fan_id, 'pieId', id), now() from newest`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table pies.pies drop column finished_at`);
  }
}
