import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  freePlanLimitMessage,
  IMPORT_BATCH_SIZE,
  WORDS,
  type CreateImportRequest,
  type ImportFormat,
} from '@tend/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { FileStorage } from '../../infra/storage/file-storage';
import { Clock } from '../../infra/time/clock';
import { BoardService, type BoardOwner } from '../board/board.service';
import { ContactsService, type ContactFields, type NewCard } from '../contacts/contacts.service';
import { TiersService } from '../tiers/tiers.service';
import { UsersService } from '../users/users.service';
import { TimeSlice } from '../../infra/time/time-slice';
import { BoardKeyIndex } from './board-key-index';
import { IMPORT_NOT_READ_MESSAGE, ImportReaderService } from './import-reader.service';
import { ImportRowStore, type StoredRow } from './import-row.store';
import { ImportRun, ONE_IMPORT_AT_A_TIME } from './import-run.entity';
import { EMPTY_FILE_MESSAGE } from './parsers/import-file-error';
import { isZip } from './parsers/linkedin-zip';
import { isVCard } from './parsers/vcard-file';

export const IMPORT_NOT_FOUND_MESSAGE = 'Import not found.';
export const IMPORT_NOT_STARTED_MESSAGE = 'The import could not be started just now. Please try again in a moment.';
export const IMPORT_BUSY_MESSAGE =
  'Another import of yours is still being read or running. Wait until it has finished, then try again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file is read in seconds: one still `reading` after this was left by a process that stopped. */
const READING_ABANDONED_MS = 10 * 60_000;

/** Sorts rows into new people and duplicates (of a card, or of an earlier row of the same file). */
function classify(
  rows: readonly StoredRow[],
  existing: Map<string, number>,
): { fresh: StoredRow[]; duplicates: { row: StoredRow; cardId: number | null }[] } {
  const seen = new Set<string>();
  const fresh: StoredRow[] = [];
  const duplicates: { row: StoredRow; cardId: number | null }[] = [];
  for (const row of rows) {
    const onBoard = row.keys.map((key) => existing.get(key)).find((id) => id !== undefined);
    if (onBoard !== undefined) duplicates.push({ row, cardId: onBoard });
    else if (row.keys.some((key) => seen.has(key))) duplicates.push({ row, cardId: null });
    else {
      fresh.push(row);
      for (const key of row.keys) seen.add(key);
    }
  }
  return { fresh, duplicates };
}

/** The fields a duplicate brings to the card it matches (`on_duplicate: update`); its name and place stay. */
function updateFields(card: NewCard): ContactFields {
  const { name: _name, photoKey: _photo, toNetwork: _toNetwork, ...fields } = card;
  return fields;
}

const withPhoto = (row: StoredRow): NewCard => (row.photoKey ? { ...row.card, photoKey: row.photoKey } : row.card);

/** What the first bytes say a file is (the reading settles it: a CSV may turn out to be LinkedIn's). */
function formatByItsStart(data: Buffer): ImportFormat {
  if (isZip(data)) return 'linkedin';
  return isVCard(data.subarray(0, 4096).toString('latin1')) ? 'vcard' : 'csv';
}

const isOneAtATime = (error: unknown) =>
  error instanceof UniqueConstraintViolationException && error.message.includes(ONE_IMPORT_AT_A_TIME);

/**
 * Imports: an upload that is stored and read by a job (`import.read`) into a preview that writes no
 * card, then a run (`import.run`) in batches of `IMPORT_BATCH_SIZE`, each one board write that
 * also records how far it got. One import per user is read or run at a time.
 */
@Injectable()
export class ImportsService {
  private readonly logger = new Logger(ImportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly tiers: TiersService,
    private readonly board: BoardService,
    private readonly users: UsersService,
    private readonly jobs: JobDispatcher,
    private readonly reader: ImportReaderService,
    private readonly rows: ImportRowStore,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the upload and starts reading it (`import.read`); answers the import while it is
   * `reading`. Nothing of the file is looked at here beyond its first bytes.
   */
  async preview(
    user: BoardOwner,
    file: { buffer: Buffer; originalname: string } | undefined,
    request: CreateImportRequest,
  ): Promise<ImportRun> {
    if (!file) throw new BadRequestException({ errors: ['Choose a file to import.'] });
    if (file.buffer.length === 0) throw new BadRequestException({ errors: [EMPTY_FILE_MESSAGE] });
    if (request.tier_id !== null) await this.tiers.findOwned(user.id, request.tier_id);
    await this.endAbandonedReading(user.id);
    const uploadKey = `imports/${randomBytes(16).toString('hex')}.bin`;
    await this.storage.put(uploadKey, file.buffer);
    const run = this.em.create(ImportRun, {
      id: randomUUID(),
      user: user.id,
      tierId: request.tier_id,
      format: formatByItsStart(file.buffer),
      fileName: (file.originalname || 'import').slice(0, 255),
      onDuplicate: request.on_duplicate,
      mapping: request.mapping ?? null,
      uploadKey,
    });
    try {
      await this.em.persist(run).flush();
    } catch (error) {
      await this.storage.remove(uploadKey);
      if (isOneAtATime(error)) throw new ConflictException({ errors: [IMPORT_BUSY_MESSAGE] });
      throw error;
    }
    try {
      await this.jobs.dispatch('imports', 'import.read', { importId: run.id }, { jobId: `import-read-${run.id}` });
    } catch (error) {
      // No queue (Redis is down): read it here. The reading yields as it goes, so the api stays responsive.
      this.logger.warn(`Import ${run.id} read in this process, not queued: ${String(error)}`);
      void this.reader.read(run.id, true).catch((failure: unknown) => {
        this.logger.error(`Import ${run.id} could not be read: ${String(failure)}`);
      });
    }
    return run;
  }

  /** A `reading` import of this user that no process is reading any more is ended, so it does not hold their turn. */
  private async endAbandonedReading(userId: number): Promise<void> {
    const abandoned = await this.em.find(ImportRun, {
      user: userId,
      state: 'reading',
      createdAt: { $lt: new Date(this.clock.nowMs() - READING_ABANDONED_MS) },
    });
    for (const run of abandoned) {
      if (run.uploadKey) await this.storage.remove(run.uploadKey);
      await this.reader.removePhotos(await this.rows.remove(this.em, run.id));
      await this.em.nativeUpdate(
        ImportRun,
        { id: run.id, state: 'reading' },
        { state: 'failed', uploadKey: null, message: IMPORT_NOT_READ_MESSAGE, finishedAt: this.clock.now() },
      );
    }
  }

  /** An import of the user's; with `includeIds`, the ids of the cards it added too. */
  async find(userId: number, id: string, { includeIds = false } = {}): Promise<ImportRun> {
    const run = UUID.test(id)
      ? await this.em.findOne(ImportRun, { id, user: userId }, includeIds ? { populate: ['contactIds'] } : {})
      : null;
    if (!run) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
    return run;
  }

  /**
   * Starts a previewed import (202) into the destination chosen at the preview (`tierId`: a column,
   * null: the network only; left out: as uploaded); starting a running one again changes nothing.
   */
  async start(userId: number, id: string, tierId?: number | null): Promise<ImportRun> {
    let run: ImportRun;
    try {
      run = await this.em.transactional(async (em) => {
        const found = UUID.test(id)
          ? await em.findOne(ImportRun, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
          : null;
        if (!found) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
        if (found.state === 'running') return found;
        if (found.state === 'reading') {
          throw new ConflictException({ errors: ['This file is still being read. Start it once its preview shows.'] });
        }
        if (found.state !== 'preview') {
          throw new ConflictException({
            errors: ['This import has already run. Upload the file again to import it again.'],
          });
        }
        if (tierId !== undefined) found.tierId = tierId;
        if (found.tierId !== null) await this.tiers.findOwned(userId, found.tierId, em);
        found.state = 'running';
        await em.flush();
        return found;
      });
    } catch (error) {
      if (isOneAtATime(error)) throw new ConflictException({ errors: [IMPORT_BUSY_MESSAGE] });
      throw error;
    }
    try {
      await this.jobs.dispatch('imports', 'import.run', { importId: run.id }, { jobId: `import-${run.id}` });
    } catch (error) {
      // Nothing would ever run it: put it back, so starting again works (and nothing hangs as "running").
      this.logger.warn(`Import ${run.id} not queued: ${String(error)}`);
      await this.em.nativeUpdate(ImportRun, { id: run.id, state: 'running', position: 0 }, { state: 'preview' });
      throw new ServiceUnavailableException({ errors: [IMPORT_NOT_STARTED_MESSAGE] });
    }
    return run;
  }

  /** Stops an import: batches already written stay; the rest is not imported. */
  async cancel(userId: number, id: string): Promise<ImportRun> {
    const { run, photos } = await this.em.transactional(async (em) => {
      // Waits for a running batch to commit (it holds this row's lock), so the counts are final.
      const found = UUID.test(id)
        ? await em.findOne(ImportRun, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!found) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
      if (found.state === 'cancelled') return { run: found, photos: [] };
      if (found.state !== 'reading' && found.state !== 'preview' && found.state !== 'running') {
        throw new ConflictException({ errors: ['This import has finished; there is nothing to cancel.'] });
      }
      // A file still being read: its reading finds the import cancelled and keeps nothing.
      found.state = 'cancelled';
      found.finishedAt = this.clock.now();
      found.message =
        found.position === 0
          ? `${WORDS.canceled}: nothing was imported.`
          : `${WORDS.canceled} after ${found.position} of ${found.toProcess} rows: ${found.imported} added, the rest not imported.`;
      return { run: found, photos: await this.rows.remove(em, found.id, found.position) };
    });
    await this.reader.removePhotos(photos);
    return run;
  }

  /**
   * `import.run`: batch after batch until every row is done, the import is cancelled, or a batch
   * fails. Each batch is one board write (one lock) that adds the new people at the top of the
   * column as far as the board has room and the rest into the network (issue 26: nobody is left
   * out; a network-only import puts everyone there, and a Tend export's network rows go back there),
   * updates or skips duplicates, and records its progress in the same transaction.
   */
  async run(importId: string, lastAttempt: boolean): Promise<void> {
    const em = this.em.fork();
    const run = await em.findOne(ImportRun, importId);
    if (!run || run.state !== 'running') return;
    const userId = run.user.id;
    const owner = await this.users.findById(userId);
    if (!owner) return;
    const boardOwner: BoardOwner = { id: userId, plan: owner.plan, timeZone: owner.timeZone };
    const keys = new BoardKeyIndex(new TimeSlice());
    for (;;) {
      let batch: { done: boolean; unusedPhotos: string[] };
      try {
        batch = await this.batch(boardOwner, importId, keys);
      } catch (error) {
        if (!lastAttempt) throw error;
        await this.fail(importId, error);
        return;
      }
      await this.reader.removePhotos(batch.unusedPhotos);
      // Each batch starts from an empty identity map: a flush never walks the cards of earlier batches.
      this.em.clear();
      if (batch.done) return;
    }
  }

  /** One batch: whether there is nothing more to do, and the photos of its rows no card took. */
  private batch(
    owner: BoardOwner,
    importId: string,
    keys: BoardKeyIndex,
  ): Promise<{ done: boolean; unusedPhotos: string[] }> {
    return this.board.change(owner, async (change) => {
      const { em } = change;
      const run = await em.findOne(ImportRun, importId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!run || run.state !== 'running') return { done: true, unusedPhotos: [] };
      const slice = await this.rows.slice(em, importId, run.position, IMPORT_BATCH_SIZE);
      // Matched against the board as it is now, under the board's lock: earlier batches included.
      const { fresh, duplicates } = classify(slice, await keys.of(await this.contacts.keyedCards(em, owner.id)));
      const forBoard = run.tierId === null ? [] : fresh.filter((row) => row.card.toNetwork !== true);
      const { ids: onBoard } =
        run.tierId === null
          ? { ids: [] }
          : await this.contacts.insertCards(change, { id: run.tierId }, forBoard.map(withPhoto));
      // The rest, in the file's order: beyond the board's room, network rows of an export, or all.
      const placed = new Set(forBoard.slice(0, onBoard.length));
      const toNetwork = await this.contacts.insertNetwork(
        change,
        fresh.filter((row) => !placed.has(row)).map(withPhoto),
      );
      const created = [...onBoard, ...toNetwork];
      const updates =
        run.onDuplicate === 'update'
          ? duplicates.flatMap(({ row, cardId }) =>
              cardId === null ? [] : [{ id: cardId, fields: updateFields(row.card) }],
            )
          : [];
      await this.contacts.updateCards(change, updates);
      run.position += slice.length;
      run.imported += created.length;
      run.toNetwork += toNetwork.length;
      run.updated += updates.length;
      run.skipped += duplicates.length - updates.length;
      run.overLimit += fresh.length - created.length;
      if (created.length > 0) {
        await em.execute('update imports set contact_ids = contact_ids || ?::jsonb where id = ?', [
          JSON.stringify(created),
          importId,
        ]);
      }
      if (run.overLimit > 0) {
        run.limitReached = true;
        run.message = `${freePlanLimitMessage(this.board.cardLimit(owner) ?? 0)} ${run.overLimit} new ${run.overLimit === 1 ? 'person was' : 'people were'} not imported.`;
      }
      // No row left to read (none was kept, or the count was wrong) ends it too, rather than looping.
      const done = run.position >= run.toProcess || slice.length === 0;
      if (done) {
        run.state = 'done';
        run.finishedAt = this.clock.now();
        await this.rows.remove(em, importId);
      }
      await em.flush();
      // Every new person was added (board or network): only the duplicates' photos are unused.
      const unused = duplicates.map(({ row }) => row);
      return { done, unusedPhotos: unused.flatMap((row) => (row.photoKey ? [row.photoKey] : [])) };
    });
  }

  private async fail(importId: string, error: unknown): Promise<void> {
    this.logger.warn(`Import ${importId} failed: ${String(error)}`);
    const photos = await this.em.fork().transactional(async (em) => {
      const run = await em.findOne(ImportRun, importId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!run || run.state !== 'running') return [];
      const row = (await this.rows.slice(em, importId, run.position, 1))[0]?.row ?? null;
      run.state = 'failed';
      run.finishedAt = this.clock.now();
      run.stoppedAtRow = row;
      run.message =
        `Stopped at row ${row ?? '?'}: that batch could not be saved. ${run.imported} people before it are in Tend; ` +
        'import the same file again to add the rest (nobody is added twice).';
      return this.rows.remove(em, importId, run.position);
    });
    await this.reader.removePhotos(photos);
  }

  /**
   * Imports left before they ran: previews never started, and files whose reading was abandoned,
   * older than `olderThan` (their rows, photos and uploaded files go with them).
   */
  async prune(olderThan: Date): Promise<number> {
    const em = this.em.fork();
    const stale = await em.find(
      ImportRun,
      { state: { $in: ['reading', 'preview'] }, createdAt: { $lt: olderThan } },
      { fields: ['id', 'uploadKey'] },
    );
    for (const run of stale) {
      await this.reader.removePhotos(await this.rows.remove(em, run.id));
      if (run.uploadKey) await this.storage.remove(run.uploadKey);
    }
    if (stale.length === 0) return 0;
    return em.nativeDelete(ImportRun, {
      id: { $in: stale.map((run) => run.id) },
      state: { $in: ['reading', 'preview'] },
    });
  }
}
