import { Migration } from '@mikro-orm/migrations';
import { contactSearchText } from '@tend/contracts';

/**
 * Issue 26, the network beside the board: a person is on the board (a card in a column) or in the
 * network (no column). `search_text` is folded by the app (@tend/contracts' `contactSearchText`, the
 * same function web uses), so the backfill runs here in JavaScript, not in SQL, batch by batch.
 */
export class Migration20261128040000 extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create extension if not exists pg_trgm;`);
    await this.execute(`alter table "contacts" add column "on_board" boolean not null default true, add column "search_text" text not null default '';`);
    await this.execute(`alter table "contacts" alter column "tier_id" drop not null;`);
    await this.execute(`alter table "contacts" add constraint "contacts_on_board_check" check (on_board = (tier_id is not null));`);

    let after = 0;
    for (;;) {
      const rows = (await this.execute(
        `select id, name, title, company, email from contacts where id > ? order by id limit 5000`,
        [after],
      )) as { id: number; name: string; title: string | null; company: string | null; email: string | null }[];
      if (rows.length === 0) break;
      await this.execute(
        `update contacts c set search_text = v.search_text from jsonb_to_recordset(?::jsonb) as v(id int, search_text text) where c.id = v.id`,
        [JSON.stringify(rows.map((row) => ({ id: row.id, search_text: contactSearchText(row) })))],
      );
      after = rows[rows.length - 1]!.id;
    }

    await this.execute(`create index "contacts_network_search_index" on "contacts" using gin ("search_text" gin_trgm_ops) where not "on_board";`);
    await this.execute(`create index "contacts_network_index" on "contacts" ("user_id", "date_connected", "id") where not "on_board";`);
  }

  override async down(): Promise<void> {
    await this.execute(`delete from "contacts" where not "on_board";`);
    await this.execute(`drop index if exists "contacts_network_search_index";`);
    await this.execute(`drop index if exists "contacts_network_index";`);
    await this.execute(`alter table "contacts" drop constraint if exists "contacts_on_board_check";`);
    await this.execute(`alter table "contacts" alter column "tier_id" set not null;`);
    await this.execute(`alter table "contacts" drop column "on_board", drop column "search_text";`);
  }

}
