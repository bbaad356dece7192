import { Migration } from '@mikro-orm/migrations';

/**
 * Row-change notices for the in-process caches (see `row-change-feed.ts`): a trigger on `users`
 * and on `http_sessions` calls pg_notify in the writing transaction, so every api process hears
 * of a change when, and only when, it commits, whoever made it. A session's expiry moving
 * (the hourly touch) is not a change worth a notice; its data changing or the row going is.
 */
export class Migration20261121150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function tend_notify_user_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('tend_row_changed', 'user:' || old.id);
  return null;
end $$;`);
    this.addSql(`create trigger users_row_changed after update or delete on users
  for each row execute function tend_notify_user_changed();`);
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

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists http_sessions_row_changed on http_sessions;`);
    this.addSql(`drop trigger if exists http_sessions_row_deleted on http_sessions;`);
    this.addSql(`drop function if exists tend_notify_session_changed();`);
    this.addSql(`drop trigger if exists users_row_changed on users;`);
    this.addSql(`drop function if exists tend_notify_user_changed();`);
  }
}
