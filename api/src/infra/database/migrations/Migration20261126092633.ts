import { Migration } from '@mikro-orm/migrations';

export class Migration20261126092633 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stripe_events" ("id" varchar(255) not null, "type" varchar(100) not null, "user_id" int null, "outcome" varchar(20) not null, "received_at" timestamptz not null default now(), constraint "stripe_events_pkey" primary key ("id"));`);

    this.addSql(`create table "billing_subscriptions" ("id" varchar(255) not null, "user_id" int not null, "customer_id" varchar(255) not null, "status" varchar(32) not null, "price_id" varchar(255) null, "cancel_at_period_end" boolean not null, "current_period_end" timestamptz not null, "access_until" timestamptz null, "payment_failed" boolean not null, "synced_at" timestamptz not null, constraint "billing_subscriptions_pkey" primary key ("id"));`);
    this.addSql(`create index "billing_subscriptions_user_id_index" on "billing_subscriptions" ("user_id");`);

    this.addSql(`alter table "billing_subscriptions" add constraint "billing_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" alter column "premium_expiry_date" type timestamptz using ("premium_expiry_date"::timestamptz);`);
    this.addSql(`create index "users_premium_expiry_date_index" on "users" ("premium_expiry_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stripe_events" cascade;`);

    this.addSql(`drop table if exists "billing_subscriptions" cascade;`);

    this.addSql(`drop index "users_premium_expiry_date_index";`);

    this.addSql(`alter table "users" alter column "premium_expiry_date" type date using ("premium_expiry_date"::date);`);
  }

}
