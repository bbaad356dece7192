// The reminder fan-out's SQL. It is set-based: each batch is two statements whatever its size, and
// it starts from the cards whose follow-up date has come (the daily loop's stored date), so its work
// grows with the users who have something due. The one place outside their modules that reads
// `contacts` and `users` (read-only): asking their services user by user would make the fan-out one
// query per user.

/** A card whose follow-up date nobody viewed and no email covered: `contacts_follow_up_pending_index`'s rows. */
const PENDING = `c.next_follow_up_on is not null
    and c.follow_up_reminded_on is distinct from c.next_follow_up_on
    and c.follow_up_viewed_on is distinct from c.next_follow_up_on`;

/**
 * The next batch of users with a pending follow-up dated on or before the latest "today" anywhere
 * on Earth (bindings: that date, the last user id of the previous batch, size).
 */
export const USERS_WITH_DUE_FOLLOW_UPS = `select distinct c.user_id from contacts c
  where ${PENDING} and c.next_follow_up_on <= ?::date and c.user_id > ?
  order by c.user_id limit ?`;

/**
 * Makes one delivery per user of the batch whose local time is 08:00 or later, who wants reminders,
 * and who has a follow-up due on their own local today; none for a user and day that has one
 * already (bindings: now, now, the batch's user ids, now).
 */
export const CREATE_DELIVERIES = `insert into reminder_deliveries (user_id, local_date)
  select u.id, (?::timestamptz at time zone u.time_zone)::date
    from users u
   where u.reminder_emails and u.email_verified
     and extract(hour from (?::timestamptz at time zone u.time_zone)) >= 8
     and u.id in (?)
      and exists (select 1 from contacts c
                  where c.user_id = u.id and ${PENDING}
                    and c.next_follow_up_on <= (?::timestamptz at time zone u.time_zone)::date)
  on conflict (user_id, local_date) do nothing
  returning id, job_key as "jobKey"`;
