// The network's SQL (GET /api/network, issue 26): one user's people off the board, a page at a time.
// Search reads `contacts.search_text` (folded by @tend/contracts' `contactSearchText`, written by the
// app), through the trigram index partial on the network; pages are keyset, never offset, so a person
// added meanwhile never shifts a page. `import_id` reads the import's `contact_ids` (the imports
// module writes them; read-only here, as the triage step after an import lists what it brought in).
//
// Knex reads every `?` as a binding, even inside a string literal: no literal question mark here.

import { foldForSearch, type NetworkSort } from '@tend/contracts';
import { CONTACT_JSON_COLUMNS } from '../board/board.queries';

/** A page's sort: the key expression (the cursor holds its value and the id), its cast and direction. */
export const NETWORK_SORT_KEYS: Record<NetworkSort, { key: string; cast: 'date' | 'text'; desc: boolean }> = {
  // People without a connected date come last either way.
  connected_desc: { key: `coalesce(c.date_connected, '0001-01-01'::date)`, cast: 'date', desc: true },
  connected_asc: { key: `coalesce(c.date_connected, '9999-12-31'::date)`, cast: 'date', desc: false },
  // The folded text starts with the folded name: accents and case do not move anyone.
  name_asc: { key: 'c.search_text', cast: 'text', desc: false },
  name_desc: { key: 'c.search_text', cast: 'text', desc: true },
};

/**
 * Letters of Latin-1 and Latin Extended-A that fold to one letter, for `translate` in SQL: the
 * company and title filters fold one field as `foldForSearch` folds the whole (letters that fold
 * to two, like ß, stay; `search_text` covers them for `q`).
 */
const FOLDABLE = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const folded = foldForSearch(letter);
    if (folded.length === 1 && folded !== letter) {
      from += letter;
      to += folded;
    }
  }
  return { from, to };
})();

const foldedColumn = (column: 'company' | 'title') =>
  `lower(translate(coalesce(c.${column}, ''), '${FOLDABLE.from}', '${FOLDABLE.to}'))`;

/** A LIKE pattern matching `word` anywhere (its `%`, `_` and `\` taken literally). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface NetworkFilter {
  userId: number;
  /** Folded words, each to be found in the search text. */
  words: string[];
  companyWords: string[];
  titleWords: string[];
  importId: string | null;
}

/** The where clause of a filter and its bindings (the page's and the count's). */
function where(filter: NetworkFilter): { sql: string; bindings: unknown[] } {
  const parts = ['c.user_id = ?', 'not c.on_board'];
  const bindings: unknown[] = [filter.userId];
  for (const word of filter.words) {
    parts.push('c.search_text like ?');
    bindings.push(containsPattern(word));
  }
  for (const word of filter.companyWords) {
    parts.push(`${foldedColumn('company')} like ?`);
    bindings.push(containsPattern(word));
  }
  for (const word of filter.titleWords) {
    parts.push(`${foldedColumn('title')} like ?`);
    bindings.push(containsPattern(word));
  }
  if (filter.importId !== null) {
    parts.push(
      `c.id in (select (jsonb_array_elements_text(i.contact_ids))::int from imports i where i.id = ?::uuid and i.user_id = ?)`,
    );
    bindings.push(filter.importId, filter.userId);
  }
  return { sql: parts.join(' and '), bindings };
}

/**
 * One page as JSON built by PostgreSQL (the board's columns, `CONTACT_JSON_COLUMNS`) with each
 * row's sort key, `limit + 1` rows so the caller knows whether another page follows.
 */
export function networkPage(
  filter: NetworkFilter,
  sort: NetworkSort,
  after: { key: string; id: number } | null,
  limit: number,
): { sql: string; bindings: unknown[] } {
  const { key, cast, desc } = NETWORK_SORT_KEYS[sort];
  const base = where(filter);
  const direction = desc ? 'desc' : 'asc';
  const keyset = after ? ` and (${key}, c.id) ${desc ? '<' : '>'} (?::${cast}, ?::int)` : '';
  const sql = `select ${CONTACT_JSON_COLUMNS}, ${cast === 'date' ? `to_char(${key}, 'YYYY-MM-DD')` : key} as sort_key
    from contacts c left join tiers t on t.id = c.tier_id
   where ${base.sql}${keyset}
   order by ${key} ${direction}, c.id ${direction}
   limit ?`;
  return { sql, bindings: [...base.bindings, ...(after ? [after.key, after.id] : []), limit + 1] };
}

/** How many people match the filter (all pages). */
export function networkCount(filter: NetworkFilter): { sql: string; bindings: unknown[] } {
  const base = where(filter);
  return { sql: `select count(*)::int as count from contacts c where ${base.sql}`, bindings: base.bindings };
}
