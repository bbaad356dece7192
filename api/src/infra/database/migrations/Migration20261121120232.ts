import { Migration } from '@mikro-orm/migrations';

export class Migration20261121120232 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "contacts" ("id" serial primary key, "user_id" int not null, "tier_id" int not null, "vertical_order" int not null default 0, "name" varchar(120) not null, "title" varchar(120) null, "company" varchar(120) null, "linked_in" varchar(500) null, "email" varchar(254) null, "phone_number" varchar(40) null, "connection_description" text null, "date_connected" date null, "photo_key" varchar(80) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "contacts_user_id_created_at_index" on "contacts" ("user_id", "created_at");`);
    this.addSql(
      `create index "contacts_user_id_tier_id_vertical_order_index" on "contacts" ("user_id", "tier_id", "vertical_order");`,
    );

    this.addSql(
      `alter table "contacts" add constraint "contacts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_tier_id_foreign" foreign key ("tier_id") references "tiers" ("id") on update cascade on delete no action;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contacts" cascade;`);
  }
}
