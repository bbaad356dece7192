/** The newest interaction of each contact in a list (bindings: user, contact ids (a list, expanded by the driver)). */
export const LATEST_PER_CONTACT = `select distinct on (contact_id) contact_id, contact_method,
    to_char(date_contacted, 'YYYY-MM-DD') as date_contacted, notes
  from interactions where user_id = ? and contact_id in (?)
  order by contact_id, date_contacted desc, id desc`;

/** The user's interactions dated a given day (bindings: user, date); the (user_id, date_contacted) index answers it. */
export const COUNT_ON_DATE =
  'select count(*)::int as count from interactions where user_id = ? and date_contacted = ?::date';
