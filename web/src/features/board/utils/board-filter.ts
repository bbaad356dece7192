import { isDueOrOverdue, type Contact } from '@tend/contracts';

type Searchable = Pick<Contact, 'name' | 'title' | 'company'>;

/**
 * Each contact's name, title and company lower-cased once, kept while the contact object lives
 * (the cache replaces it on every change): a keystroke on a board of 5,000 then only compares.
 */
const searchTexts = new WeakMap<Searchable, readonly string[]>();

function searchTextOf(contact: Searchable): readonly string[] {
  let texts = searchTexts.get(contact);
  if (!texts) {
    texts = [contact.name, contact.title, contact.company].flatMap((text) => (text ? [text.toLowerCase()] : []));
    searchTexts.set(contact, texts);
  }
  return texts;
}

/** The top bar's filter: case-insensitive, on name, title and company (spec: filter/search bar). */
export function matchesFilter(contact: Searchable, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return searchTextOf(contact).some((text) => text.includes(needle));
}

/** Due today or overdue on the user's `today`: what the Due toggle keeps and the column headers count. */
export function isDueNow(contact: Pick<Contact, 'next_follow_up_on'>, today: string): boolean {
  return isDueOrOverdue(contact.next_follow_up_on, today);
}

/** What narrows the board: the text, the Due toggle (the user's today, or null when off), one import's cards. */
export interface BoardNarrowing {
  query: string;
  dueOn: string | null;
  onlyIds: ReadonlySet<number> | null;
}

/** Whether any filter is on. */
export function isNarrowed({ query, dueOn, onlyIds }: BoardNarrowing): boolean {
  return query.trim() !== '' || dueOn !== null || onlyIds !== null;
}

/** Whether a card passes every filter that is on. */
export function isShown(contact: Contact, { query, dueOn, onlyIds }: BoardNarrowing): boolean {
  return (
    (!onlyIds || onlyIds.has(contact.id)) &&
    (dueOn === null || isDueNow(contact, dueOn)) &&
    matchesFilter(contact, query)
  );
}

export type ColumnIds = Readonly<Record<number, readonly number[]>>;

const NO_CONTACTS: readonly Contact[] = [];

/**
 * The ids shown in each column, in board order, narrowed by the filter, the Due toggle (`dueOn`: the
 * user's today when it is on) and, when given, to `onlyIds` (the cards one import added: the board
 * "filtered to what came in").
 */
export function visibleColumnIds(
  tierIds: readonly number[],
  columns: ReadonlyMap<number, readonly Contact[]>,
  query: string,
  onlyIds: ReadonlySet<number> | null = null,
  dueOn: string | null = null,
): ColumnIds {
  const shown: Record<number, readonly number[]> = {};
  const narrowing: BoardNarrowing = { query, dueOn, onlyIds };
  const narrowed = isNarrowed(narrowing);
  for (const tierId of tierIds) {
    const column = columns.get(tierId) ?? NO_CONTACTS;
    shown[tierId] = (narrowed ? column.filter((contact) => isShown(contact, narrowing)) : column).map(
      (contact) => contact.id,
    );
  }
  return shown;
}
