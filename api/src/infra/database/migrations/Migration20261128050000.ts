import { Migration } from '@mikro-orm/migrations';
import { canonicalLinkedInUrl } from '@tend/contracts';

/**
 * Duplicate checks by LinkedIn profile read a stored key instead of canonicalising every address of
 * the user on each request: `contacts.linked_in_key` is `linked_in` in @tend/contracts'
 * `canonicalLinkedInUrl` form, written by the app (the one function the app uses), so the backfill
 * runs here in JavaScript, batch by batch. Not unique: existing people may share a profile (saved
 * before the canonical rule, or edited to the same address); the service keeps answering 409 on a
 * new one. Email duplicates (`lower(email) = ?`) get their index too.
 *
 * Two cleanups: the reminder fan-out's partial index that no query uses any more, and
 * `reminder_deliveries.notifications`, which counts the people a digest listed, renamed `people`.
 */
export class Migration20261128050000 extends Migration {

  override async up(): Promise<void> {
    await this.execute(`alter table "contacts" add column "linked_in_key" text null;`);

    let after = 0;
    for (;;) {
      const rows = (await this.execute(
        `select id, linked_in from contacts where id > ? and linked_in is not null order by id limit 5000`,
        [after],
      )) as { id: number; linked_in: string }[];
      if (rows.length === 0) break;
      const keyed = rows.flatMap((row) => {
        const key = canonicalLinkedInUrl(row.linked_in);
        return key === null ? [] : [{ id: row.id, linked_in_key: key }];
      });
      if (keyed.length > 0) {
        await this.execute(
          `update contacts c set linked_in_key = v.linked_in_key from jsonb_to_recordset(?::jsonb) as v(id int, linked_in_key text) where c.id = v.id`,
          [JSON.stringify(keyed)],
        );
      }
      after = rows[rows.length - 1]!.id;
    }

    await this.execute(`create index "contacts_linked_in_key_index" on "contacts" ("user_id", "linked_in_key") where "linked_in_key" is not null;`);
    await this.execute(`create index "contacts_email_index" on "contacts" ("user_id", lower("email")) where "email" is not null;`);
    await this.execute(`drop index if exists "contacts_follow_up_pending_index";`);
    await this.execute(`alter table "reminder_deliveries" rename column "notifications" to "people";`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "reminder_deliveries" rename column "people" to "notifications";`);
    await this.execute(`create index "contacts_follow_up_pending_index" on "contacts" ("user_id", "next_follow_up_on") where "next_follow_up_on" is not null and "follow_up_reminded_on" is distinct from "next_follow_up_on" and "follow_up_viewed_on" is distinct from "next_follow_up_on";`);
    await this.execute(`drop index if exists "contacts_email_index";`);
    await this.execute(`drop index if exists "contacts_linked_in_key_index";`);
    await this.execute(`alter table "contacts" drop column "linked_in_key";`);
  }

}
