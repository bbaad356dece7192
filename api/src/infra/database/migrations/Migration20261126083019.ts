import { Migration } from '@mikro-orm/migrations';

export class Migration20261126083019 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "mail_messages" add column "job_key" uuid not null default gen_random_uuid(), add column "last_attempt_at" timestamptz null;`);
    this.addSql(`alter table "mail_messages" add constraint "mail_messages_job_key_unique" unique ("job_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mail_messages" drop constraint "mail_messages_job_key_unique";`);
    this.addSql(`alter table "mail_messages" drop column "job_key", drop column "last_attempt_at";`);
  }

}
