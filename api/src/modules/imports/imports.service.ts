import { EntityManager, LockMode } from '@mikro-orm/postgresql';
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
  IMPORT_MAX_LISTED_ERRORS,
  type CreateImportRequest,
} from '@tend/contracts';
import { randomUUID } from 'node:crypto';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { BoardService, type BoardOwner } from '../board/board.service';
import { ContactsService, type ContactFields, type NewCard } from '../contacts/contacts.service';
import { TiersService } from '../tiers/tiers.service';
import { UsersService } from '../users/users.service';
import { ImportRun, type StoredRow } from './import-run.entity';
import { ImportFileError } from './parsers/import-file-error';
import { cardKeys, readImportFile } from './parsers/read-import-file';

export const IMPORT_NOT_FOUND_MESSAGE = 'Import not found.';
export const IMPORT_NOT_STARTED_MESSAGE = 'The import could not be started just now. Please try again in a moment.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Maps `key -> card id` for the cards of a board that have a LinkedIn URL or an email. */
function keyIndex(
  cards: readonly { id: number; linked_in: string | null; email: string | null }[],
): Map<string, number> {
  const index = new Map<string, number>();
  for (const card of cards) for (const key of cardKeys(card)) if (!index.has(key)) index.set(key, card.id);
  return index;
}

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

/** The fields a duplicate brings to the card it matches (`on_duplicate: update`); its name stays. */
function updateFields(card: NewCard): ContactFields {
  const { name: _name, ...fields } = card;
  return fields;
}

/**
 * Imports: a preview that reads the file and writes no card, then a run (`import.run`) in batches
 * of `IMPORT_BATCH_SIZE`, each one board write that also records how far it got.
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
  ) {}

  async preview(
    user: BoardOwner,
    file: { buffer: Buffer; originalname: string } | undefined,
    request: CreateImportRequest,
  ): Promise<ImportRun> {
    if (!file) throw new BadRequestException({ errors: ['Choose a file to import.'] });
    await this.tiers.findOwned(user.id, request.tier_id);
    let read;
    try {
      read = await readImportFile(file.buffer, request.mapping);
    } catch (error) {
      if (error instanceof ImportFileError) throw new BadRequestException({ errors: [error.message] });
      throw error;
    }
    const existing = keyIndex(await this.contacts.keyedCards(this.em, user.id));
    const rows: StoredRow[] = read.cards.map(({ row, card, keys }) => ({ row, card, keys }));
    const { fresh, duplicates } = classify(rows, existing);
    const room = await this.board.room(user);
    const run = this.em.create(ImportRun, {
      id: randomUUID(),
      user: user.id,
      tierId: request.tier_id,
      format: read.format,
      fileName: (file.originalname || 'import').slice(0, 255),
      onDuplicate: request.on_duplicate,
      columns: read.columns,
      mapping: read.mapping,
      total: read.total,
      newCount: fresh.length,
      duplicates: duplicates.length,
      unreadable: read.errors.length,
      fits: Math.min(fresh.length, room),
      errors: read.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
      rows,
      toProcess: rows.length,
    });
    await this.em.persist(run).flush();
    return run;
  }

  async find(userId: number, id: string): Promise<ImportRun> {
    const run = UUID.test(id) ? await this.em.findOne(ImportRun, { id, user: userId }) : null;
    if (!run) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
    return run;
  }

  /** Starts a previewed import (202); starting a running one again changes nothing. */
  async start(userId: number, id: string): Promise<ImportRun> {
    const run = await this.em.transactional(async (em) => {
      const found = UUID.test(id)
        ? await em.findOne(ImportRun, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!found) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
      if (found.state === 'running') return found;
      if (found.state !== 'preview') {
        throw new ConflictException({
          errors: ['This import has already run. Upload the file again to import it again.'],
        });
      }
      await this.tiers.findOwned(userId, found.tierId, em);
      found.state = 'running';
      return found;
    });
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
    return this.em.transactional(async (em) => {
      // Waits for a running batch to commit (it holds this row's lock), so the counts are final.
      const run = UUID.test(id)
        ? await em.findOne(ImportRun, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!run) throw new NotFoundException({ errors: [IMPORT_NOT_FOUND_MESSAGE] });
      if (run.state === 'cancelled') return run;
      if (run.state !== 'preview' && run.state !== 'running') {
        throw new ConflictException({ errors: ['This import has finished; there is nothing to cancel.'] });
      }
      run.state = 'cancelled';
      run.finishedAt = new Date();
      run.rows = null;
      run.message =
        run.position === 0
          ? 'Cancelled: nothing was imported.'
          : `Cancelled after ${run.position} of ${run.toProcess} rows: ${run.imported} added, the rest not imported.`;
      return run;
    });
  }

  /**
   * `import.run`: batch after batch until every row is done, the import is cancelled, or a batch
   * fails. Each batch is one board write (one lock) that adds the new people at the top of the
   * column, updates or skips duplicates, and records its progress in the same transaction.
   */
  async run(importId: string, lastAttempt: boolean): Promise<void> {
    const em = this.em.fork();
    const run = await em.findOne(ImportRun, importId, { populate: ['rows'] });
    if (!run || run.state !== 'running' || !run.rows) return;
    const rows = run.rows;
    const userId = run.user.id;
    const owner = await this.users.findById(userId);
    if (!owner) return;
    const boardOwner: BoardOwner = { id: userId, plan: owner.plan };
    for (;;) {
      let finished: boolean;
      try {
        finished = await this.batch(boardOwner, importId, rows);
      } catch (error) {
        if (!lastAttempt) throw error;
        await this.fail(importId, rows, error);
        return;
      }
      // Each batch starts from an empty identity map: a flush never walks the cards of earlier batches.
      this.em.clear();
      if (finished) return;
    }
  }

  /** One batch; true when there is nothing more to do. */
  private batch(owner: BoardOwner, importId: string, rows: readonly StoredRow[]): Promise<boolean> {
    return this.board.change(owner, async (change) => {
      const { em } = change;
      const run = await em.findOne(ImportRun, importId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!run || run.state !== 'running') return true;
      const slice = rows.slice(run.position, run.position + IMPORT_BATCH_SIZE);
      // Matched against the board as it is now, under the board's lock: earlier batches included.
      const { fresh, duplicates } = classify(slice, keyIndex(await this.contacts.keyedCards(em, owner.id)));
      const { created } = await this.contacts.addCards(
        change,
        { id: run.tierId },
        fresh.map((row) => row.card),
      );
      const updates =
        run.onDuplicate === 'update'
          ? duplicates.flatMap(({ row, cardId }) =>
              cardId === null ? [] : [{ id: cardId, fields: updateFields(row.card) }],
            )
          : [];
      await this.contacts.updateCards(change, updates);
      run.position += slice.length;
      run.imported += created.length;
      run.updated += updates.length;
      run.skipped += duplicates.length - updates.length;
      run.overLimit += fresh.length - created.length;
      run.contactIds = [...run.contactIds, ...created.map((card) => card.id)];
      if (run.overLimit > 0) {
        run.limitReached = true;
        run.message = `${freePlanLimitMessage(this.board.cardLimit(owner) ?? 0)} ${run.overLimit} new ${run.overLimit === 1 ? 'person was' : 'people were'} not imported.`;
      }
      const done = run.position >= rows.length;
      if (done) {
        run.state = 'done';
        run.finishedAt = new Date();
        run.rows = null;
      }
      await em.flush();
      return done;
    });
  }

  private async fail(importId: string, rows: readonly StoredRow[], error: unknown): Promise<void> {
    this.logger.warn(`Import ${importId} failed: ${String(error)}`);
    await this.em.fork().transactional(async (em) => {
      const run = await em.findOne(ImportRun, importId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!run || run.state !== 'running') return;
      const row = rows[run.position]?.row ?? null;
      run.state = 'failed';
      run.finishedAt = new Date();
      run.stoppedAtRow = row;
      run.rows = null;
      run.message =
        `Stopped at row ${row ?? '?'}: that batch could not be saved. ${run.imported} people before it are on your board; ` +
        'import the same file again to add the rest (nobody is added twice).';
    });
  }

  /** Previews never started, and finished imports' rows, are not kept past a day. */
  async prune(olderThan: Date): Promise<number> {
    return this.em.fork().nativeDelete(ImportRun, { state: 'preview', createdAt: { $lt: olderThan } });
  }
}
