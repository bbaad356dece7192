import { Migration } from '@mikro-orm/migrations';

export class Migration20261124092838 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "task_runs" ("name" text not null, "last_started_at" timestamptz null, "last_finished_at" timestamptz null, "last_succeeded_at" timestamptz null, "last_result" jsonb null, "last_error" text null, constraint "task_runs_pkey" primary key ("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "task_runs" cascade;`);
  }

}
