import { Migration } from '@mikro-orm/migrations';

export class Migration20261124093210 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "interactions" ("id" serial primary key, "user_id" int not null, "contact_id" int not null, "date_contacted" date not null, "contact_method" varchar(40) not null, "notes" text not null default '', "next_contact_date" date null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "interactions_user_id_date_contacted_index" on "interactions" ("user_id", "date_contacted");`);
    this.addSql(`create index "interactions_contact_id_date_contacted_id_index" on "interactions" ("contact_id", "date_contacted", "id");`);

    this.addSql(`create table "notifications" ("id" serial primary key, "user_id" int not null, "contact_id" int not null, "interaction_id" int not null, "date" date not null, "title" varchar(200) not null, "viewed" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "notifications" add constraint "notifications_interaction_id_unique" unique ("interaction_id");`);
    this.addSql(`create index "notifications_user_id_date_index" on "notifications" ("user_id", "date");`);

    this.addSql(`alter table "interactions" add constraint "interactions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "interactions" add constraint "interactions_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_interaction_id_foreign" foreign key ("interaction_id") references "interactions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add column "reminder_emails" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications" drop constraint "notifications_interaction_id_foreign";`);

    this.addSql(`drop table if exists "interactions" cascade;`);

    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`alter table "users" drop column "reminder_emails";`);
  }

}
