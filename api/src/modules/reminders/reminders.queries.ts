// The reminder fan-out's SQL. It is set-based: each batch is two statements whatever its size. The
// one place outside their modules that reads `users` and `contacts` (read-only): asking their
// services user by user would make the fan-out one query per user.

/** The next batch of users who want reminder emails (bindings: the last user id of the previous batch, size). */
export const USERS_WITH_REMINDERS = `select u.id from users u
  where u.reminder_emails and u.email_verified and u.id > ?
  order by u.id limit ?`;

/** The user's local time now (binding: now). */
const LOCAL_NOW = `(?::timestamptz at time zone u.time_zone)`;

/**
 * Makes one delivery per user of the batch whose digest is due now: their local hour has reached
 * the one they chose, on any day (daily) or on their weekday (weekly), and someone on their board is
 * due or overdue by their own local today (the stored date of the daily loop's rule, through the
 * (user_id, next_follow_up_on) index); none for a user and day that has one already, so changing
 * the hour or the period mid-day never sends a second. Stamped with the app's clock, which every
 * date rule reads (bindings: now, now, the batch's ids, now, now, now).
 */
export const CREATE_DELIVERIES = `insert into reminder_deliveries (user_id, local_date, created_at)
  select u.id, ${LOCAL_NOW}::date, ?::timestamptz
    from users u
   where u.id in (?)
     and extract(hour from ${LOCAL_NOW}) >= u.reminder_hour
     and (u.reminder_period = 'daily' or extract(dow from ${LOCAL_NOW}) = u.reminder_weekday)
     and exists (select 1 from contacts c
                  where c.user_id = u.id and c.next_follow_up_on <= ${LOCAL_NOW}::date)
  on conflict (user_id, local_date) do nothing
  returning id, job_key as "jobKey"`;
