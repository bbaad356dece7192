// The feed's SQL: a read of the stored follow-up dates (the daily loop's rule writes them; nothing
// here computes one). Read-only, and the one place outside their modules that reads `contacts` and
// `tiers`: the feed answers calendar apps polling every few minutes, so it is one indexed statement
// on (user_id, next_follow_up_on), not a walk through the contacts' services.

/**
 * The follow-ups on or before a date of one user's cards, soonest first (bindings: user, last
 * date, and for a limited plan the visible card ids as an array literal, `{1,2}`).
 */
export function feedEvents({ limited }: { limited: boolean }): string {
  return `select c.id, c.name, t.name as tier_name, to_char(c.next_follow_up_on, 'YYYY-MM-DD') as next_follow_up_on
    from contacts c join tiers t on t.id = c.tier_id
   where c.user_id = ? and c.next_follow_up_on is not null and c.next_follow_up_on <= ?::date
     ${limited ? 'and c.id = any(?::int[])' : ''}
   order by c.next_follow_up_on, c.id`;
}

export interface FeedEventRow {
  id: number;
  name: string;
  tier_name: string;
  next_follow_up_on: string;
}
