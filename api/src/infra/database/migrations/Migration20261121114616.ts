import { Migration } from '@mikro-orm/migrations';

export class Migration20261121114616 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "http_sessions" ("sid" varchar(255) not null, "sess" jsonb not null, "expire" timestamptz(6) not null, constraint "http_sessions_pkey" primary key ("sid"));`,
    );
    this.addSql(`create index "http_sessions_expire_index" on "http_sessions" ("expire");`);

    this.addSql(
      `create table "mail_messages" ("id" serial primary key, "kind" varchar(40) not null, "user_id" int null, "to_address" varchar(254) not null, "subject" varchar(200) not null, "sealed_body" text null, "attempts" int not null default 0, "last_error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "mail_messages_user_id_index" on "mail_messages" ("user_id");`);

    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "rate_limits_pkey" primary key ("key"));`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "email" varchar(254) not null, "name" varchar(120) not null, "password_hash" varchar(255) not null, "email_verified" boolean not null default false, "desired_email" varchar(254) null, "plan" text check ("plan" in ('free', 'premium')) null, "free_trial" boolean not null default false, "premium_expiry_date" date null, "payment_issue" boolean not null default false, "stripe_id" varchar(255) null, "time_zone" varchar(64) not null default 'UTC', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "password_changed_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_desired_email_index" on "users" ("desired_email");`);
    this.addSql(`alter table "users" add constraint "users_stripe_id_unique" unique ("stripe_id");`);

    this.addSql(
      `create table "tiers" ("id" serial primary key, "user_id" int not null, "name" varchar(60) not null, "position" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "tiers" add constraint "tiers_user_id_position_unique" unique ("user_id", "position");`);

    this.addSql(
      `create table "email_tokens" ("id" serial primary key, "user_id" int not null, "purpose" text check ("purpose" in ('verify_email', 'change_email', 'reset_password')) not null, "token_hash" varchar(64) not null, "target_email" varchar(254) null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "email_tokens" add constraint "email_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "email_tokens_user_id_purpose_index" on "email_tokens" ("user_id", "purpose");`);

    this.addSql(
      `alter table "tiers" add constraint "tiers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "email_tokens" add constraint "email_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tiers" drop constraint "tiers_user_id_foreign";`);

    this.addSql(`alter table "email_tokens" drop constraint "email_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "http_sessions" cascade;`);

    this.addSql(`drop table if exists "mail_messages" cascade;`);

    this.addSql(`drop table if exists "rate_limits" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "tiers" cascade;`);

    this.addSql(`drop table if exists "email_tokens" cascade;`);
  }
}
