import { Migration } from '@mikro-orm/migrations';

export class Migration20261126093939 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "imports" ("id" uuid not null, "user_id" int not null, "tier_id" int not null, "format" varchar(20) not null, "file_name" varchar(255) not null, "on_duplicate" varchar(10) not null, "state" varchar(20) not null default 'preview', "columns" jsonb null, "mapping" jsonb null, "total" int not null, "new_count" int not null, "duplicates" int not null, "unreadable" int not null, "fits" int not null, "errors" jsonb not null, "rows" jsonb null, "to_process" int not null, "position" int not null default 0, "imported" int not null default 0, "updated" int not null default 0, "skipped" int not null default 0, "over_limit" int not null default 0, "limit_reached" boolean not null default false, "stopped_at_row" int null, "message" text null, "contact_ids" jsonb not null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, constraint "imports_pkey" primary key ("id"));`);
    this.addSql(`create index "imports_user_id_index" on "imports" ("user_id");`);
    this.addSql(`create index "imports_state_created_at_index" on "imports" ("state", "created_at");`);

    this.addSql(`create table "data_exports" ("id" uuid not null, "user_id" int not null, "state" varchar(20) not null default 'pending', "file_key" varchar(80) null, "size" int null, "expires_at" timestamptz null, "downloaded_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "data_exports_pkey" primary key ("id"));`);
    this.addSql(`create index "data_exports_user_id_index" on "data_exports" ("user_id");`);
    this.addSql(`create index "data_exports_expires_at_index" on "data_exports" ("expires_at");`);

    this.addSql(`alter table "imports" add constraint "imports_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "data_exports" add constraint "data_exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "imports" cascade;`);

    this.addSql(`drop table if exists "data_exports" cascade;`);
  }

}
