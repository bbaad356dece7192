/** The newest interaction of each contact in a list (bindings: user, contact ids (a list, expanded by the driver)). */
export const LATEST_PER_CONTACT = `select distinct on (contact_id) contact_id, contact_method,
    to_char(date_contacted, 'YYYY-MM-DD') as date_contacted, notes
  from interactions where user_id = ? and contact_id in (?)
  order by contact_id, date_contacted desc, id desc`;

/**
 * One card's fields for a follow-up draft and its newest interactions as JSON, newest first, in one
 * statement ($1 history limit, $2 contact id, $3 user id). It reads the card's columns beside its
 * interactions, as ContactsService and InteractionsService would in two ORM round trips: a draft is
 * asked for at 50 a second on a busy board (PERFORMANCE.md). Visibility on the plan is checked after.
 * A named statement for the pg pool (numbered parameters).
 */
export const CONTACT_WITH_HISTORY = `select c.id, c.name, c.title, c.company, c.connection_description,
    to_char(c.date_connected, 'YYYY-MM-DD') as date_connected, c.created_at,
    coalesce((select json_agg(h order by h.date_contacted desc, h.id desc) from (
        select i.id, to_char(i.date_contacted, 'YYYY-MM-DD') as date_contacted, i.contact_method, i.notes,
               to_char(i.next_contact_date, 'YYYY-MM-DD') as next_contact_date
          from interactions i where i.contact_id = c.id and i.user_id = c.user_id
         order by i.date_contacted desc, i.id desc limit $1) h), '[]') as history
  from contacts c where c.id = $2 and c.user_id = $3`;
