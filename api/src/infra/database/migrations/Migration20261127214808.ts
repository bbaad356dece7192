import { Migration } from '@mikro-orm/migrations';

export class Migration20261127214808 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "import_rows" ("import_id" uuid not null, "ordinal" int not null, "row" int not null, "card" jsonb not null, "keys" jsonb not null, "photo_key" varchar(80) null, constraint "import_rows_pkey" primary key ("import_id", "ordinal"));`);

    this.addSql(`alter table "import_rows" add constraint "import_rows_import_id_foreign" foreign key ("import_id") references "imports" ("id") on update cascade on delete cascade;`);

    // Added by hand: the rows of previews and running imports move to their own table (the array's
    // index is the ordinal a run's position counts) before the column goes.
    this.addSql(`insert into "import_rows" ("import_id", "ordinal", "row", "card", "keys")
      select i."id", r.ordinality - 1, (r.value->>'row')::int, r.value->'card', r.value->'keys'
        from "imports" i, jsonb_array_elements(i."rows") with ordinality as r(value, ordinality)
       where i."rows" is not null;`);
    this.addSql(`alter table "imports" drop column "rows";`);

    this.addSql(`alter table "imports" add column "upload_key" varchar(80) null;`);
    this.addSql(`alter table "imports" alter column "state" type varchar(20) using ("state"::varchar(20));`);
    this.addSql(`alter table "imports" alter column "state" set default 'reading';`);
    this.addSql(`alter table "imports" alter column "total" type int using ("total"::int);`);
    this.addSql(`alter table "imports" alter column "total" set default 0;`);
    this.addSql(`alter table "imports" alter column "new_count" type int using ("new_count"::int);`);
    this.addSql(`alter table "imports" alter column "new_count" set default 0;`);
    this.addSql(`alter table "imports" alter column "duplicates" type int using ("duplicates"::int);`);
    this.addSql(`alter table "imports" alter column "duplicates" set default 0;`);
    this.addSql(`alter table "imports" alter column "unreadable" type int using ("unreadable"::int);`);
    this.addSql(`alter table "imports" alter column "unreadable" set default 0;`);
    this.addSql(`alter table "imports" alter column "fits" type int using ("fits"::int);`);
    this.addSql(`alter table "imports" alter column "fits" set default 0;`);
    this.addSql(`alter table "imports" alter column "to_process" type int using ("to_process"::int);`);
    this.addSql(`alter table "imports" alter column "to_process" set default 0;`);
    // Fails only if a user has two imports running as it is applied: let them finish, then migrate again.
    this.addSql(`create unique index "imports_one_at_a_time_per_user" on "imports" ("user_id") where "state" in ('reading', 'running');`);
  }

  override async down(): Promise<void> {
    // Edited by hand: the rows go back into the column (and files still being read are dropped)
    // before the table goes; the index is an index, not a constraint.
    this.addSql(`alter table "imports" add column "rows" jsonb null;`);
    this.addSql(`update "imports" i set "rows" = (
      select jsonb_agg(jsonb_build_object('row', r."row", 'card', r."card", 'keys', r."keys") order by r."ordinal")
        from "import_rows" r where r."import_id" = i."id")
      where exists (select 1 from "import_rows" r where r."import_id" = i."id");`);
    this.addSql(`delete from "imports" where "state" = 'reading';`);
    this.addSql(`drop table if exists "import_rows" cascade;`);

    this.addSql(`drop index if exists "imports_one_at_a_time_per_user";`);
    this.addSql(`alter table "imports" drop column "upload_key";`);

    this.addSql(`alter table "imports" alter column "state" type varchar(20) using ("state"::varchar(20));`);
    this.addSql(`alter table "imports" alter column "state" set default 'preview';`);
    this.addSql(`alter table "imports" alter column "total" drop default;`);
    this.addSql(`alter table "imports" alter column "total" type int4 using ("total"::int4);`);
    this.addSql(`alter table "imports" alter column "new_count" drop default;`);
    this.addSql(`alter table "imports" alter column "new_count" type int4 using ("new_count"::int4);`);
    this.addSql(`alter table "imports" alter column "duplicates" drop default;`);
    this.addSql(`alter table "imports" alter column "duplicates" type int4 using ("duplicates"::int4);`);
    this.addSql(`alter table "imports" alter column "unreadable" drop default;`);
    this.addSql(`alter table "imports" alter column "unreadable" type int4 using ("unreadable"::int4);`);
    this.addSql(`alter table "imports" alter column "fits" drop default;`);
    this.addSql(`alter table "imports" alter column "fits" type int4 using ("fits"::int4);`);
    this.addSql(`alter table "imports" alter column "to_process" drop default;`);
    this.addSql(`alter table "imports" alter column "to_process" type int4 using ("to_process"::int4);`);
  }

}
