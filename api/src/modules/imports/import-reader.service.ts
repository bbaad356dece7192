import { EntityManager } from '@mikro-orm/postgresql';
import { HttpException, Injectable, Logger } from '@nestjs/common';
import { IMPORT_MAX_LISTED_ERRORS, type ImportRowError } from '@tend/contracts';
import { FileStorage } from '../../infra/storage/file-storage';
import { TimeSlice } from '../../infra/time/time-slice';
import { BoardService } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import { UsersService } from '../users/users.service';
import { BoardKeyIndex } from './board-key-index';
import { ImportRowStore, type StoredRow } from './import-row.store';
import { ImportRun } from './import-run.entity';
import { ImportFileError } from './parsers/import-file-error';
import { readImportFile, type ImportCard } from './parsers/read-import-file';

export const IMPORT_NOT_READ_MESSAGE = 'This file could not be read just now. Upload it again.';

/** Rows written to `import_rows` per statement while a file is read. */
const ROWS_PER_INSERT = 500;

/**
 * `import.read`: reads an uploaded file into its preview. The file is read as a stream of small
 * pieces, cut in time slices (`TimeSlice`), so however it is shaped it never holds the event loop
 * for long: in the worker role with Redis, and in the api's own process without it. Each readable
 * person becomes an `import_rows` row (a thousand per statement), the counts go on the import, and
 * the import turns `preview`; a file that cannot be imported turns it `failed` with the reason.
 */
@Injectable()
export class ImportReaderService {
  private readonly logger = new Logger(ImportReaderService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly board: BoardService,
    private readonly users: UsersService,
    private readonly rows: ImportRowStore,
    private readonly storage: FileStorage,
  ) {}

  /** Reads the import's file; `lastAttempt`: an unexpected failure ends it instead of being retried. */
  async read(importId: string, lastAttempt: boolean): Promise<void> {
    const em = this.em.fork();
    const run = await em.findOne(ImportRun, importId);
    if (!run || run.state !== 'reading' || !run.uploadKey) return;
    const userId = run.user.id;
    // A retry starts over: what an earlier try wrote goes (its photos too).
    await this.removePhotos(await this.rows.remove(em, importId));
    const stored: string[] = [];
    try {
      const data = await this.storage.read(run.uploadKey);
      const owner = await this.users.findById(userId);
      if (!owner) throw new Error(`The owner of import ${importId} is gone.`);
      const slice = new TimeSlice();
      const existing = await new BoardKeyIndex(slice).of(await this.contacts.keyedCards(em, userId));
      const seen = new Set<string>();
      const counts = { fresh: 0, forBoard: 0, duplicates: 0, unreadable: 0, readable: 0 };
      const errors: ImportRowError[] = [];
      let pending: StoredRow[] = [];
      const write = async () => {
        await this.rows.insert(em, importId, pending);
        pending = [];
      };
      const card = async ({ row, card, keys, photo }: ImportCard) => {
        // A duplicate of a card or of an earlier person in the file; the run checks again, on the board as it is then.
        const duplicate = keys.some((key) => existing.has(key) || seen.has(key));
        if (duplicate) counts.duplicates += 1;
        else {
          counts.fresh += 1;
          // A Tend export's network row goes back to the network: it needs no room on the board.
          if (card.toNetwork !== true) counts.forBoard += 1;
          for (const key of keys) seen.add(key);
        }
        const photoKey = photo && !duplicate ? await this.storePhoto(photo) : null;
        if (photoKey) stored.push(photoKey);
        pending.push({ ordinal: counts.readable, row, card, keys, photoKey });
        counts.readable += 1;
        if (pending.length >= ROWS_PER_INSERT) await write();
      };
      const problem = (found: ImportRowError) => {
        counts.unreadable += 1;
        if (errors.length < IMPORT_MAX_LISTED_ERRORS) errors.push(found);
      };
      const reading = await readImportFile(data, run.mapping ?? undefined, { card, problem }, slice);
      await write();
      const room = await this.board.room({ id: userId, plan: owner.plan, timeZone: owner.timeZone });
      const previewed = await em.nativeUpdate(
        ImportRun,
        { id: importId, state: 'reading' },
        {
          state: 'preview',
          uploadKey: null,
          format: reading.format,
          columns: reading.columns,
          mapping: reading.mapping,
          total: reading.total,
          newCount: counts.fresh,
          duplicates: counts.duplicates,
          unreadable: counts.unreadable,
          fits: Math.min(counts.forBoard, room),
          errors,
          toProcess: counts.readable,
        },
      );
      // Cancelled (or pruned) while it was being read: nothing of it is kept.
      if (previewed === 0) await this.removePhotos(await this.rows.remove(em, importId));
    } catch (error) {
      await this.rows.remove(em, importId);
      await this.removePhotos(stored);
      if (error instanceof ImportFileError) await this.refuse(em, importId, error.message);
      else if (lastAttempt) {
        this.logger.warn(`Import ${importId} could not be read: ${String(error)}`);
        await this.refuse(em, importId, IMPORT_NOT_READ_MESSAGE);
      } else throw error;
    }
    await this.storage.remove(run.uploadKey);
  }

  /** The file cannot be imported: the import ends `failed` with the reason, before any preview. */
  private async refuse(em: EntityManager, importId: string, message: string): Promise<void> {
    await em.nativeUpdate(
      ImportRun,
      { id: importId, state: 'reading' },
      { state: 'failed', uploadKey: null, message, finishedAt: new Date() },
    );
  }

  /** The photo checked and stored as an upload's would be; an image an upload could not be is left out. */
  private async storePhoto(photo: Buffer): Promise<string | null> {
    try {
      return await this.contacts.storePhoto(photo);
    } catch (error) {
      if (error instanceof HttpException) return null;
      throw error;
    }
  }

  async removePhotos(keys: readonly string[]): Promise<void> {
    await this.contacts.removePhotoFiles(keys);
  }
}
