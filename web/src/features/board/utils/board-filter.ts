import type { Contact } from '@tend/contracts';

/** The top bar's filter: case-insensitive, on name, title and company (spec: filter/search bar). */
export function matchesFilter(contact: Pick<Contact, 'name' | 'title' | 'company'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [contact.name, contact.title, contact.company].some((text) => !!text && text.toLowerCase().includes(needle));
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
