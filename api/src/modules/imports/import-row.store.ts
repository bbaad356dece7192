import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NewCard } from '../contacts/contacts.service';

/** One readable person of an import (an `import_rows` row). */
export interface StoredRow {
  /** 0-based among the import's readable rows. */
  ordinal: number;
  /** The person's row in the file. */
  row: number;
  card: NewCard;
  keys: string[];
  photoKey: string | null;
}

/**
 * The `import_rows` of an import, in SQL: a thousand rows go in as one statement (one JSON
 * parameter), a batch comes out as one, and no statement ever carries all of an import's rows.
 * Each method takes the caller's EntityManager, so it joins the caller's transaction.
 */
@Injectable()
export class ImportRowStore {
  async insert(em: EntityManager, importId: string, rows: readonly StoredRow[]): Promise<void> {
    if (rows.length === 0) return;
    await em.execute(
      `insert into import_rows (import_id, ordinal, row, card, keys, photo_key)
       select ?, r.ordinal, r.row, r.card, r.keys, r.photo_key
         from jsonb_to_recordset(?::jsonb) as r(ordinal int, row int, card jsonb, keys jsonb, photo_key text)`,
      [
        importId,
        JSON.stringify(
          rows.map((r) => ({ ordinal: r.ordinal, row: r.row, card: r.card, keys: r.keys, photo_key: r.photoKey })),
        ),
      ],
    );
  }

  /** `count` rows from `from` on, in the file's order. */
  async slice(em: EntityManager, importId: string, from: number, count: number): Promise<StoredRow[]> {
    const rows = await em.execute<
      { ordinal: number; row: number; card: NewCard; keys: string[]; photo_key: string | null }[]
    >(
      `select ordinal, row, card, keys, photo_key from import_rows
        where import_id = ? and ordinal >= ? order by ordinal limit ?`,
      [importId, from, count],
    );
    return rows.map((r) => ({ ordinal: r.ordinal, row: r.row, card: r.card, keys: r.keys, photoKey: r.photo_key }));
  }

  /**
   * Deletes an import's rows and answers the photos of those from `from` on: the rows no batch has
   * passed, whose photos no card took (a batch removes the photos of its own rows it did not add).
   */
  async remove(em: EntityManager, importId: string, from = 0): Promise<string[]> {
    const rows = await em.execute<{ photo_key: string }[]>(
      `with gone as (delete from import_rows where import_id = ? returning ordinal, photo_key)
       select photo_key from gone where photo_key is not null and ordinal >= ?`,
      [importId, from],
    );
    return rows.map((r) => r.photo_key);
  }
}
