import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { searchWords, type Contact as ContactResponse, type NetworkPage, type NetworkQuery } from '@tend/contracts';
import type { BoardOwner } from '../board/board.service';
import { networkCount, networkPage, type NetworkFilter } from './network.queries';

export const BAD_CURSOR_MESSAGE = 'This page link is no longer valid. Load the list again from the start.';
export const NETWORK_IMPORT_NOT_FOUND_MESSAGE = 'Import not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque cursor: base64url JSON of the last row's sort key and id, and the sort it belongs to. */
function encodeCursor(sort: string, key: string, id: number): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key, i: id })).toString('base64url');
}

function decodeCursor(cursor: string, sort: string): { key: string; id: number } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object') {
      const { s, k, i } = parsed as Record<string, unknown>;
      if (s === sort && typeof k === 'string' && k.length <= 1_000 && Number.isSafeInteger(i)) {
        // A date key must be a date, or PostgreSQL refuses the cast (a 500, not a 400).
        if (!sort.startsWith('connected') || /^\d{4}-\d{2}-\d{2}$/.test(k)) return { key: k, id: i as number };
      }
    }
  } catch {
    // Falls through to the 400.
  }
  throw new BadRequestException({ errors: [BAD_CURSOR_MESSAGE] });
}

/**
 * The network (PRODUCT.md "Network and board"): the owner's people off the board, searched, sorted
 * and paged (keyset), with how many match. Read-only; moves between board and network are
 * `ContactsService.bulk`.
 */
@Injectable()
export class NetworkService {
  constructor(private readonly em: EntityManager) {}

  async page(owner: BoardOwner, query: NetworkQuery): Promise<NetworkPage> {
    const filter: NetworkFilter = {
      userId: owner.id,
      words: query.q === undefined ? [] : searchWords(query.q),
      companyWords: query.company === undefined ? [] : searchWords(query.company),
      titleWords: query.title === undefined ? [] : searchWords(query.title),
      importId: query.import_id ?? null,
    };
    if (filter.importId !== null) await this.assertImport(owner, filter.importId);
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor, query.sort);
    const page = networkPage(filter, query.sort, after, query.limit);
    const count = networkCount(filter);
    const [rows, [total]] = await Promise.all([
      this.em.execute<(ContactResponse & { sort_key: string })[]>(page.sql, page.bindings),
      this.em.execute<{ count: number }[]>(count.sql, count.bindings),
    ]);
    const more = rows.length > query.limit;
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(({ sort_key: _key, ...person }) => person),
      next_cursor: more && last ? encodeCursor(query.sort, last.sort_key, last.id) : null,
      total: total?.count ?? 0,
    };
  }

  /** An import of the owner's (someone else's, or none, is 404 like any id not theirs). */
  private async assertImport(owner: BoardOwner, importId: string): Promise<void> {
    const found = UUID.test(importId)
      ? await this.em.execute<{ id: string }[]>('select id from imports where id = ?::uuid and user_id = ?', [
          importId,
          owner.id,
        ])
      : [];
    if (found.length === 0) throw new NotFoundException({ errors: [NETWORK_IMPORT_NOT_FOUND_MESSAGE] });
  }
}
