import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

/**
 * A database failure on demand, for the refund tests (issue 11): a trigger refuses the timeline row
 * of a refund, once (the next one only) or always, as a database that fails after the payment
 * provider has already refunded. Installed by the owner connection; remove() leaves nothing behind.
 */
export async function installRefundFailureSwitch(db: Db) {
  const statements = [
    `create table if not exists refund_failure_switch (mode text not null)`,
    `grant select on refund_failure_switch to shop_app`,
    `create sequence if not exists refund_failure_once`,
    `grant usage on sequence refund_failure_once to shop_app`,
    `create or replace function refund_failure_trigger() returns trigger language plpgsql as $$
    declare m text;
    begin
      select mode into m from refund_failure_switch limit 1;
      if m = 'always' or (m = 'once' and nextval('refund_failure_once') = 1) then
        raise exception 'injected failure: the refund could not be recorded';
      end if;
      return new;
    end $$`,
    `drop trigger if exists refund_failure on order_events`,
    `create trigger refund_failure before insert on order_events for each row when (new.type = 'refunded') execute function refund_failure_trigger()`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  return {
    /** Fail the next refund record only, every one, or none. */
    async fail(mode: 'once' | 'always' | null) {
      await db.execute(sql`delete from refund_failure_switch`);
      await db.execute(sql`alter sequence refund_failure_once restart`);
      if (mode) await db.execute(sql`insert into refund_failure_switch (mode) values (${mode})`);
    },
    async remove() {
      for (const statement of [
        'drop trigger if exists refund_failure on order_events',
        'drop function if exists refund_failure_trigger()',
        'drop table if exists refund_failure_switch',
        'drop sequence if exists refund_failure_once',
      ]) {
        await db.execute(sql.raw(statement));
      }
    },
  };
}

export type RefundFailureSwitch = Awaited<ReturnType<typeof installRefundFailureSwitch>>;
