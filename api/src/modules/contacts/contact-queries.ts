// Knex reads every `?` as a binding, even inside a string literal: `\\?` is a literal question mark.

/**
 * The board's hot read, answered as JSON built by PostgreSQL (no entity hydration): the same
 * fields as `toContactResponse`, which a test keeps in step.
 */
export const CONTACT_JSON_COLUMNS = `
  c.id, c.user_id, c.name, c.title, c.company, c.linked_in, c.email, c.phone_number,
  c.connection_description, to_char(c.date_connected, 'YYYY-MM-DD') as date_connected,
  c.tier_id, t.position as column_order, c.vertical_order,
  case when c.photo_key is null then null
       else '/api/contacts/' || c.id || '/photo\\?v=' || split_part(split_part(c.photo_key, '/', 2), '.', 1) end as photo_url,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The ids a free-plan user sees: the 25 newest by creation date. */
export const VISIBLE_TO_FREE_PLAN = `c.id in (
  select v.id from contacts v where v.user_id = ? order by v.created_at desc, v.id desc limit ?)`;

export function contactsJsonQuery(options: { limited: boolean; tierFilter: boolean }): string {
  return `select coalesce(json_agg(row_to_json(x) order by x.column_order, x.vertical_order desc, x.id), '[]')::text as json
    from (select ${CONTACT_JSON_COLUMNS}
      from contacts c join tiers t on t.id = c.tier_id
      where c.user_id = ?
      ${options.tierFilter ? 'and c.tier_id in (?, ?)' : ''}
      ${options.limited ? `and ${VISIBLE_TO_FREE_PLAN}` : ''}) x`;
}
