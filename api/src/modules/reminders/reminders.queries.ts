// The reminder fan-out's SQL. It is set-based: each batch is two statements whatever its size, and
// it starts from the due notifications, so its work grows with the users who have something due.
// The one place outside their modules that reads `notifications` and `users` (read-only): asking
// their services user by user would make the fan-out one query per user.

/**
 * The next batch of users with an unread, unreminded notification dated on or before the latest
 * "today" anywhere on Earth (bindings: that date, the last user id of the previous batch, size).
 */
export const USERS_WITH_DUE_NOTIFICATIONS = `select distinct user_id from notifications
  where not viewed and reminded_at is null and date <= ?::date and user_id > ?
  order by user_id limit ?`;

/**
 * Makes one delivery per user of the batch whose local time is 08:00 or later, who wants reminders,
 * and who has a notification due on their own local today; none for a user and day that has one
 * already (bindings: now, now, the batch's user ids, now).
 */
export const CREATE_DELIVERIES = `insert into reminder_deliveries (user_id, local_date)
  select u.id, (?::timestamptz at time zone u.time_zone)::date
    from users u
   where u.reminder_emails and u.email_verified
     and extract(hour from (?::timestamptz at time zone u.time_zone)) >= 8
     and u.id in (?)
     and exists (select 1 from notifications n
                  where n.user_id = u.id and not n.viewed and n.reminded_at is null
                    and n.date <= (?::timestamptz at time zone u.time_zone)::date)
  on conflict (user_id, local_date) do nothing
  returning id, job_key as "jobKey"`;
