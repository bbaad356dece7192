// The board's SQL (one user's columns and cards), and only here. The board module is the one
// writer of cards' columns and orders, columns' positions and `users.board_version`; other modules
// go through `BoardService`.
//
// Knex reads every `?` as a binding, even inside a string literal: `\\?` is a literal question mark.

import { CONTACT_FIELDS } from '@tend/contracts';

/** Bumped in every board write's transaction; taking the user's row lock orders one user's writes. */
export const BUMP_BOARD_VERSION = 'update users set board_version = board_version + 1 where id = ?';

/** Locks the given columns of one user in id order (so two writers never wait on each other in a cycle). */
export function lockColumns(count: number): string {
  return `select id, position from tiers where user_id = ? and id in (${Array.from({ length: count }, () => '?').join(', ')}) order by id for update`;
}

/** A column and the one at a position, locked in id order (bindings: user, column, position). */
export const LOCK_COLUMN_AND_POSITION =
  'select id, position from tiers where user_id = ? and (id = ? or position = ?) order by id for update';

/** Bindings: position, column, user. */
export const SET_COLUMN_POSITION = 'update tiers set position = ? where id = ? and user_id = ?';

export const MAX_COLUMN_POSITION = 'select max(position) as max from tiers where user_id = ?';

/** The order a new card takes at the top of its column (orders run n-1..0 from the top). */
export const TOP_ORDER = 'select max(vertical_order) as top from contacts where tier_id = ?';

export const COLUMN_SIZE = 'select count(*)::int as count from contacts where tier_id = ?';

/** The cards on the board: the free plan's allowance counts these, never the network (the one count). */
export const CARD_COUNT = 'select count(*)::int as count from contacts where user_id = ? and on_board';

export const CARD_COLUMN = 'select tier_id from contacts where id = ? and user_id = ?';

export const CARD_PLACE = `select c.tier_id, t.position, c.vertical_order from contacts c left join tiers t on t.id = c.tier_id
  where c.id = ? and c.user_id = ?`;

/** The column at a position, else the first column (a legacy `column_order` that names none). */
export const COLUMN_AT_POSITION =
  'select id from tiers where user_id = ? order by (position = ?) desc, position limit 1';

/** The contact fields' columns (a field's key is its column), a date as `YYYY-MM-DD`. */
const FIELD_COLUMNS = CONTACT_FIELDS.map((field) =>
  field.kind === 'date' ? `to_char(c.${field.key}, 'YYYY-MM-DD') as ${field.key}` : `c.${field.key}`,
).join(', ');

/**
 * The board's hot read, answered as JSON built by PostgreSQL (no entity hydration): the same
 * fields as `toContactResponse`, which a test keeps in step.
 */
export const CONTACT_JSON_COLUMNS = `
  c.id, c.user_id, ${FIELD_COLUMNS}, c.on_board,
  c.tier_id, t.position as column_order, c.vertical_order,
  case when c.photo_key is null then null
       else '/api/contacts/' || c.id || '/photo\\?v=' || split_part(split_part(c.photo_key, '/', 2), '.', 1) end as photo_url,
  c.cadence_days, to_char(c.last_contacted_on, 'YYYY-MM-DD') as last_contacted_on,
  to_char(c.next_follow_up_on, 'YYYY-MM-DD') as next_follow_up_on,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The card ids a limited plan sees: the newest on the board by creation date, up to the allowance (bindings: user, limit). */
export const VISIBLE_CARDS = `select v.id from contacts v where v.user_id = ? and v.on_board order by v.created_at desc, v.id desc limit ?`;

/** The cards a limited plan hides: the board's beyond the allowance (bindings: user, limit); never the network. */
export const HIDDEN_CARDS = `select v.id from contacts v where v.user_id = ? and v.on_board order by v.created_at desc, v.id desc offset ?`;

/**
 * Bindings: user, [both column ids when `tierFilter`], [user, limit when `limited`].
 */
export function boardJson(options: { limited: boolean; tierFilter: boolean }): string {
  // json_agg of the rows themselves, not of row_to_json(x): the same JSON (a newline between cards)
  // without a text copy per card, which paid for the daily loop's three fields (docs/PERFORMANCE.md).
  return `select coalesce(json_agg(x order by x.column_order, x.vertical_order desc, x.id), '[]')::text as json
    from (select ${CONTACT_JSON_COLUMNS}
      from contacts c join tiers t on t.id = c.tier_id
      where c.user_id = ? and c.on_board
      ${options.tierFilter ? 'and c.tier_id in (?, ?)' : ''}
      ${options.limited ? `and c.id in (${VISIBLE_CARDS})` : ''}) x`;
}

/** Both columns of a move, top to bottom, each card marked visible or not (bindings: [user, limit], user, from, to). */
export function columnsOfMove(limited: boolean): string {
  return `select c.id, c.tier_id, c.vertical_order, ${limited ? `c.id in (${VISIBLE_CARDS})` : 'true'} as visible
      from contacts c where c.user_id = ? and c.tier_id in (?, ?)
     order by c.vertical_order desc, c.id`;
}

/**
 * New orders (and column) for `count` cards in one statement; a card that changes column enters it
 * on the given day (bindings: today, then id, order, tier per card, then user).
 */
export function setOrders(count: number): string {
  return `update contacts c set vertical_order = v.vertical_order, tier_id = v.tier_id, updated_at = now(),
      column_entered_on = case when v.tier_id <> c.tier_id then ?::date else c.column_entered_on end
      from (values ${Array.from({ length: count }, () => '(?::int, ?::int, ?::int)').join(', ')}) as v(id, vertical_order, tier_id)
     where c.id = v.id and c.user_id = ?`;
}

/** The owner's people among some ids, with where they are (bindings: user, ids). */
export const PEOPLE_PLACES = 'select id, on_board from contacts where user_id = ? and id in (?)';

/**
 * People of the network onto the board: into a column at the given orders, entering it on the
 * given day (bindings: column, today, the JSON array of {id, vertical_order}, user).
 */
export const TO_BOARD = `update contacts c set tier_id = ?, on_board = true, vertical_order = v.vertical_order,
    column_entered_on = ?::date, updated_at = now()
  from jsonb_to_recordset(?::jsonb) as v(id int, vertical_order int)
 where c.id = v.id and c.user_id = ? and not c.on_board`;

/** Cards off the board into the network: no column (bindings: user, ids). Their notes, timeline and photo stay. */
export const TO_NETWORK = `update contacts set tier_id = null, on_board = false, vertical_order = 0, updated_at = now()
 where user_id = ? and id in (?) and on_board`;

/** Cards created after a given one (bindings: user, created_at, created_at, id): hidden past the allowance. */
export const NEWER_CARDS = `select count(*)::int as count from contacts
  where user_id = ? and on_board and (created_at > ? or (created_at = ? and id > ?))`;
