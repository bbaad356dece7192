import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions move from connect-pg-simple's (sid, sess json, expire) to our own table keyed by the
 * HMAC of the cookie's id, with the user as a column (ending a user's sessions is an indexed
 * delete, and deleting the user deletes them). Old sessions cannot be carried over: everyone signs
 * in once more. The row-change notice now names the id hash and fires on any update or delete.
 */
export class Migration20261122222724 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table "http_sessions";`);
    this.addSql(`drop function if exists tend_notify_session_changed();`);
    this.addSql(`create table "http_sessions" (
      "id_hash" varchar(64) not null,
      "user_id" int null,
      "csrf_token" varchar(64) not null,
      "started_at" timestamptz not null,
      "active_at" timestamptz not null,
      "expires_at" timestamptz not null,
      constraint "http_sessions_pkey" primary key ("id_hash"));`);
    this.addSql(`create index "http_sessions_user_id_index" on "http_sessions" ("user_id");`);
    this.addSql(`create index "http_sessions_expires_at_index" on "http_sessions" ("expires_at");`);
    this.addSql(`alter table "http_sessions" add constraint "http_sessions_user_id_foreign"
      foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create function tend_notify_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tend_row_changed', 'session:' || old.id_hash);
  return null;
end $$;`);
    this.addSql(`create trigger http_sessions_row_changed after update or delete on http_sessions
  for each row execute function tend_notify_session_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "http_sessions";`);
    this.addSql(`drop function if exists tend_notify_session_changed();`);
    this.addSql(`create table "http_sessions" ("sid" varchar(255) not null, "sess" jsonb not null,
      "expire" timestamptz not null, constraint "http_sessions_pkey" primary key ("sid"));`);
    this.addSql(`create index "http_sessions_expire_index" on "http_sessions" ("expire");`);
    this.addSql(`create function tend_notify_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tend_row_changed', 'session:' || old.sid);
  return null;
end $$;`);
    this.addSql(`create trigger http_sessions_row_deleted after delete on http_sessions
  for each row execute function tend_notify_session_changed();`);
    this.addSql(`create trigger http_sessions_row_changed after update of sess on http_sessions
  for each row when (old.sess is distinct from new.sess) execute function tend_notify_session_changed();`);
  }
}
