import { Migration } from '@mikro-orm/migrations';

export class Migration20261126092132 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "reminder_deliveries" ("id" serial primary key, "user_id" int not null, "local_date" date not null, "job_key" uuid not null default gen_random_uuid(), "status" text check ("status" in ('pending', 'sent', 'empty')) not null default 'pending', "notifications" int not null default 0, "mail_message_id" int null, "created_at" timestamptz not null default now(), "settled_at" timestamptz null);`);
    this.addSql(`alter table "reminder_deliveries" add constraint "reminder_deliveries_job_key_unique" unique ("job_key");`);
    this.addSql(`alter table "reminder_deliveries" add constraint "reminder_deliveries_user_id_local_date_unique" unique ("user_id", "local_date");`);

    this.addSql(`alter table "reminder_deliveries" add constraint "reminder_deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notifications" add column "reminded_at" timestamptz null;`);
    this.addSql(`create index "notifications_due_index" on "notifications" ("user_id", "date") where not "viewed" and "reminded_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reminder_deliveries" cascade;`);

    this.addSql(`drop index "notifications_due_index";`);
    this.addSql(`alter table "notifications" drop column "reminded_at";`);
  }

}
