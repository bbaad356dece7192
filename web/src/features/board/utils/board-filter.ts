import type { Contact } from '@tend/contracts';

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

export type ColumnIds = Readonly<Record<number, readonly number[]>>;

const NO_CONTACTS: readonly Contact[] = [];

/**
 * The ids shown in each column, in board order, narrowed by the filter and, when given, to `onlyIds`
 * (the cards one import added: the board "filtered to what came in").
 */
export function visibleColumnIds(
  tierIds: readonly number[],
  columns: ReadonlyMap<number, readonly Contact[]>,
  query: string,
  onlyIds: ReadonlySet<number> | null = null,
): ColumnIds {
  const shown: Record<number, readonly number[]> = {};
  const narrowed = query.trim() !== '' || onlyIds !== null;
  for (const tierId of tierIds) {
    const column = columns.get(tierId) ?? NO_CONTACTS;
    shown[tierId] = (
      narrowed
        ? column.filter((contact) => (!onlyIds || onlyIds.has(contact.id)) && matchesFilter(contact, query))
        : column
    ).map((contact) => contact.id);
  }
  return shown;
}
