import { Migration } from '@mikro-orm/migrations';

export class Migration20261128013000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "reminder_period" varchar(10) not null default 'daily', add column "reminder_weekday" smallint not null default 1, add column "reminder_hour" smallint not null default 8;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "reminder_period", drop column "reminder_weekday", drop column "reminder_hour";`);
  }

}
