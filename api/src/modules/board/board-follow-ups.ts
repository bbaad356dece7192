// The daily loop's stored state, and the one place that computes it (PRODUCT.md, "The daily loop").
// The rule itself is `nextFollowUpOn` in @tend/contracts (follow-up.ts); this file loads its inputs,
// calls it and stores its answer with the card, so Today, the bell, the board and the reminder
// emails read a column rather than recomputing per row. Internal to modules/board: other modules
// reach it through `BoardService` and `BoardChange`, inside a board change (which bumps the board
// version, so the cached board read refreshes).
//
// Knex reads every `?` as a binding, even inside a string literal: `\\?` is a literal question mark.

import type { EntityManager } from '@mikro-orm/postgresql';
import { nextFollowUpOn } from '@tend/contracts';
import { CONTACT_JSON_COLUMNS, VISIBLE_CARDS } from './board.queries';

/** Which cards to recompute: some of the user's cards, or every card of one column. */
export type FollowUpTarget = { contactIds: readonly number[] } | { tierId: number };

interface InputRow {
  id: number;
  on_board: boolean;
  column_cadence: number | null;
  cadence_days: number | null;
  column_entered_on: string;
  scheduled_on: string | null;
  scheduled_at: Date | string | null;
  last_contacted_on: string | null;
  next_follow_up_on: string | null;
  date_contacted: string | null;
  next_contact_date: string | null;
  next_contact_set_at: Date | string | null;
}

/**
 * The rule's inputs of the chosen cards in one statement: column and card cadence, the latest
 * interaction (latest date contacted, then highest id: the index on (contact_id, date_contacted,
 * id) answers it per card), the last schedule and the day the card entered its column. A person in
 * the network has no column (the left join) and, by the rule, no due state.
 */
function inputsOf(byTier: boolean): string {
  return `select c.id, c.on_board, t.cadence_days as column_cadence, c.cadence_days,
      to_char(c.column_entered_on, 'YYYY-MM-DD') as column_entered_on,
      to_char(c.scheduled_on, 'YYYY-MM-DD') as scheduled_on, c.scheduled_at,
      to_char(c.last_contacted_on, 'YYYY-MM-DD') as last_contacted_on,
      to_char(c.next_follow_up_on, 'YYYY-MM-DD') as next_follow_up_on,
      to_char(i.date_contacted, 'YYYY-MM-DD') as date_contacted,
      to_char(i.next_contact_date, 'YYYY-MM-DD') as next_contact_date, i.next_contact_set_at
    from contacts c left join tiers t on t.id = c.tier_id
    left join lateral (select date_contacted, next_contact_date, next_contact_set_at from interactions
                        where contact_id = c.id order by date_contacted desc, id desc limit 1) i on true
   where c.user_id = ? and ${byTier ? 'c.tier_id = ?' : 'c.id in (?)'}`;
}

/** One UPDATE for every changed card, from a JSON array (bindings: the array, user). */
const WRITE_FOLLOW_UPS = `update contacts c
    set last_contacted_on = v.last_contacted_on, next_follow_up_on = v.next_follow_up_on
   from jsonb_to_recordset(?::jsonb) as v(id int, last_contacted_on date, next_follow_up_on date)
  where c.id = v.id and c.user_id = ?`;

const epochMs = (value: Date | string) => new Date(value).getTime();

/**
 * Recomputes `last_contacted_on` and `next_follow_up_on` of the target cards by the rule and writes
 * the ones that changed in one statement. Run it inside a board change, after the inputs changed.
 * Answers how many cards changed.
 */
export async function recomputeFollowUps(em: EntityManager, userId: number, target: FollowUpTarget): Promise<number> {
  if ('contactIds' in target && target.contactIds.length === 0) return 0;
  const rows = await em.execute<InputRow[]>(
    inputsOf('tierId' in target),
    'tierId' in target ? [userId, target.tierId] : [userId, [...new Set(target.contactIds)]],
  );
  const changed = rows.flatMap((row) => {
    const latest =
      row.date_contacted === null
        ? null
        : {
            dateContacted: row.date_contacted,
            nextContactDate: row.next_contact_date,
            setAt: row.next_contact_set_at === null ? 0 : epochMs(row.next_contact_set_at),
          };
    const next = nextFollowUpOn({
      columnCadenceDays: row.column_cadence,
      contactCadenceDays: row.cadence_days,
      latestInteraction: latest,
      schedule: row.scheduled_at === null ? null : { on: row.scheduled_on, setAt: epochMs(row.scheduled_at) },
      columnEnteredOn: row.column_entered_on,
      onBoard: row.on_board,
    });
    const last = latest?.dateContacted ?? null;
    return next === row.next_follow_up_on && last === row.last_contacted_on
      ? []
      : [{ id: row.id, last_contacted_on: last, next_follow_up_on: next }];
  });
  if (changed.length > 0) await em.execute(WRITE_FOLLOW_UPS, [JSON.stringify(changed), userId]);
  return changed.length;
}

/**
 * A new card's follow-up: it enters its column today, so the column's cadence counts from today
 * (a new card has no interaction, schedule or cadence of its own yet).
 */
export function newCardFollowUp(
  columnCadenceDays: number | null,
  today: string,
): { columnEnteredOn: string; nextFollowUpOn: string | null } {
  return {
    columnEnteredOn: today,
    nextFollowUpOn: nextFollowUpOn({
      columnCadenceDays,
      contactCadenceDays: null,
      latestInteraction: null,
      schedule: null,
      columnEnteredOn: today,
      onBoard: true,
    }),
  };
}

/** A card with a follow-up as Today and the bell show it: the card's JSON fields and then some. */
export interface FollowUpRow {
  [field: string]: unknown;
  id: number;
  name: string;
  next_follow_up_on: string;
  photo_url: string | null;
  tier_name: string;
  /** Its latest interaction's id and notes (null: none). */
  interaction_id: number | null;
  last_notes: string | null;
  /** The bell's `viewed`: this date was viewed. */
  viewed: boolean;
  reminded_on: string | null;
}

/**
 * The visible cards with a follow-up date, soonest first, with the card's JSON fields, its column's
 * name, its latest interaction and the bell's flags. Bindings: user, then [until when `until`],
 * [card when `one`], [user, limit when `limited`]. The (user_id, next_follow_up_on) index answers
 * the date range, so a 5,000-card board reads only the cards that are due.
 */
export function followUpRows(options: { until: boolean; one: boolean; limited: boolean }): string {
  return `select ${CONTACT_JSON_COLUMNS}, t.name as tier_name,
      i.id as interaction_id, i.notes as last_notes,
      coalesce(c.follow_up_viewed_on = c.next_follow_up_on, false) as viewed,
      to_char(c.follow_up_reminded_on, 'YYYY-MM-DD') as reminded_on
    from contacts c join tiers t on t.id = c.tier_id
    left join lateral (select id, notes from interactions
                        where contact_id = c.id order by date_contacted desc, id desc limit 1) i on true
   where c.user_id = ? and c.next_follow_up_on is not null
     ${options.until ? 'and c.next_follow_up_on <= ?::date' : ''}
     ${options.one ? 'and c.id = ?' : ''}
     ${options.limited ? `and c.id in (${VISIBLE_CARDS})` : ''}
   order by c.next_follow_up_on, c.id`;
}

/** Sets or clears the bell's `viewed` of a card's current date (bindings: viewed, card, user); answers the id. */
export const SET_VIEWED = `update contacts set follow_up_viewed_on = case when ?::boolean then next_follow_up_on else null end
  where id = ? and user_id = ? and next_follow_up_on is not null returning id`;

/** Records that an email covered these cards' current dates (bindings: user, ids). */
export const MARK_REMINDED = `update contacts set follow_up_reminded_on = next_follow_up_on where user_id = ? and id in (?)`;
