import { Migration } from '@mikro-orm/migrations';

export class Migration20261126115107 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "extension_tokens" ("id" serial primary key, "user_id" int not null, "extension_id" varchar(32) not null, "token_hash" varchar(64) not null, "browser" varchar(60) null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null);`);
    this.addSql(`alter table "extension_tokens" add constraint "extension_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "extension_tokens" add constraint "extension_tokens_user_id_extension_id_unique" unique ("user_id", "extension_id");`);

    this.addSql(`alter table "extension_tokens" add constraint "extension_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "extension_tokens" cascade;`);
  }

}
