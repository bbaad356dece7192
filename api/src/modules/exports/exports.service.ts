import { EntityManager } from '@mikro-orm/postgresql';
import { GoneException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EXPORT_TTL_HOURS, type Export as ExportResponse } from '@tend/contracts';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import yazl from 'yazl';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { FileStorage } from '../../infra/storage/file-storage';
import { Clock } from '../../infra/time/clock';
import { ContactsService } from '../contacts/contacts.service';
import { InteractionsService } from '../interactions/interactions.service';
import { NotificationsService } from '../notifications/notifications.service';
import { TiersService } from '../tiers/tiers.service';
import { UsersService } from '../users/users.service';
import { DataExport } from './data-export.entity';
import { loadIcal } from './ical';
import { vcardPhoto } from './vcard-photo';
import {
  accountJson,
  contactsCsv,
  contactsVcf,
  interactionsCsv,
  notificationsCsv,
  photoPathOf,
} from './export-archive';

export const EXPORT_NOT_FOUND_MESSAGE = 'Export not found.';
export const EXPORT_GONE_MESSAGE =
  'This download link has been used or has expired. Export your data again from Settings.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Exports: a zip of everything a user has, built by the `export.build` job into STORAGE_DIR, then
 * downloadable once through a link that expires after `EXPORT_TTL_HOURS`.
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly tiers: TiersService,
    private readonly interactions: InteractionsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly storage: FileStorage,
    private readonly jobs: JobDispatcher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts an export; while one is being built, asking again answers that one. */
  async request(userId: number): Promise<DataExport> {
    const pending = await this.em.findOne(DataExport, { user: userId, state: 'pending' });
    if (pending) return pending;
    const created = this.em.create(DataExport, { id: randomUUID(), user: userId });
    await this.em.persist(created).flush();
    await this.jobs.dispatch('imports', 'export.build', { exportId: created.id }, { jobId: `export-${created.id}` });
    return created;
  }

  async find(userId: number, id: string): Promise<DataExport> {
    const found = UUID.test(id) ? await this.em.findOne(DataExport, { id, user: userId }) : null;
    if (!found) throw new NotFoundException({ errors: [EXPORT_NOT_FOUND_MESSAGE] });
    return found;
  }

  /** The link's token: an HMAC of the export's id under the server's secret (checked, never stored). */
  private token(id: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`export-download:${id}`).digest('base64url');
  }

  toResponse(found: DataExport): ExportResponse {
    const expired = found.state === 'ready' && found.expiresAt !== null && found.expiresAt <= this.clock.now();
    const state = expired ? 'expired' : found.state;
    return {
      id: found.id,
      state,
      download_url: state === 'ready' ? `/api/exports/${found.id}/download?token=${this.token(found.id)}` : null,
      size: found.size,
      created_at: found.createdAt.toISOString(),
      expires_at: found.expiresAt?.toISOString() ?? null,
    };
  }

  /**
   * Uses up the link (one statement: a second download, or one after the expiry, finds nothing)
   * and answers the file to send; the file is deleted once it has been sent.
   */
  async consume(userId: number, id: string, token: string): Promise<{ root: string; key: string }> {
    const expected = Buffer.from(this.token(UUID.test(id) ? id : ''));
    const given = Buffer.from(token);
    if (!UUID.test(id) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotFoundException({ errors: [EXPORT_NOT_FOUND_MESSAGE] });
    }
    const found = await this.find(userId, id);
    const used = await this.em.nativeUpdate(
      DataExport,
      { id: found.id, user: userId, state: 'ready', expiresAt: { $gt: this.clock.now() } },
      { state: 'downloaded', downloadedAt: this.clock.now() },
    );
    if (used !== 1 || !found.fileKey) throw new GoneException({ errors: [EXPORT_GONE_MESSAGE] });
    return this.storage.locate(found.fileKey);
  }

  async removeFile(key: string): Promise<void> {
    await this.storage.remove(key);
  }

  /** `export.build`: writes the zip, then marks the export ready (idempotent: a ready one is left alone). */
  async build(exportId: string): Promise<void> {
    const em = this.em.fork();
    const found = await em.findOne(DataExport, exportId);
    if (!found || found.state !== 'pending') return;
    const userId = found.user.id;
    const user = await this.users.findById(userId);
    if (!user) throw new Error(`The owner of export ${exportId} is gone.`);
    const [tiers, cards, interactions, notifications] = [
      await this.tiers.exportRows(userId),
      await this.contacts.allCards(userId),
      await this.interactions.allOf(userId),
      await this.notifications.allOf(user),
    ];
    const key = `exports/${randomBytes(16).toString('hex')}.zip`;
    const zip = new yazl.ZipFile();
    const names = new Map(cards.map(({ contact }) => [contact.id, contact.name]));
    const now = this.clock.now();
    zip.addBuffer(Buffer.from(contactsCsv(cards)), 'contacts.csv');
    zip.addBuffer(Buffer.from(interactionsCsv(interactions, names)), 'interactions.csv');
    zip.addBuffer(Buffer.from(notificationsCsv(notifications)), 'notifications.csv');
    const vcardPhotos = new Map<number, string>();
    for (const card of cards) {
      if (!card.photoKey || (await this.storage.sizeOf(card.photoKey)) === null) continue;
      const photo = await vcardPhoto(this.storage.pathOf(card.photoKey));
      if (photo) vcardPhotos.set(card.contact.id, photo);
    }
    zip.addBuffer(Buffer.from(contactsVcf(await loadIcal(), cards, vcardPhotos)), 'contacts.vcf');
    const account = {
      id: user.id,
      email: user.email,
      name: user.name,
      plan: user.plan,
      time_zone: user.timeZone,
      reminder_emails: user.reminderEmails,
      premium_expiry_date: user.premiumExpiryDate,
      created_at: user.createdAt.toISOString(),
    };
    zip.addBuffer(
      Buffer.from(accountJson({ user: account, tiers, cards, interactions, notifications, exportedAt: now })),
      'account.json',
    );
    for (const card of cards) {
      if (!card.photoKey) continue;
      const path = this.storage.pathOf(card.photoKey);
      // A photo file that went missing is left out rather than failing the whole export.
      if ((await this.storage.sizeOf(card.photoKey)) !== null) zip.addFile(path, photoPathOf(card));
    }
    zip.end();
    const out = await this.storage.writeStream(key);
    zip.outputStream.pipe(out);
    await once(out, 'close');
    const size = await this.storage.sizeOf(key);
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_HOURS * 3600_000);
    const marked = await em.nativeUpdate(
      DataExport,
      { id: exportId, state: 'pending' },
      { state: 'ready', fileKey: key, size, expiresAt },
    );
    if (marked !== 1) await this.storage.remove(key);
    this.logger.log(`Export ${exportId} ready (${cards.length} contacts, ${size ?? 0} bytes)`);
  }

  async markFailed(exportId: string): Promise<void> {
    await this.em.fork().nativeUpdate(DataExport, { id: exportId, state: 'pending' }, { state: 'failed' });
  }

  /** Deletes the files of exports that expired or were downloaded, and rows older than a week. */
  async prune(): Promise<{ files: number; rows: number }> {
    const em = this.em.fork();
    const now = this.clock.now();
    const stale = await em.find(DataExport, {
      fileKey: { $ne: null },
      $or: [{ state: 'downloaded' }, { expiresAt: { $lte: now } }],
    });
    for (const row of stale) {
      if (row.fileKey) await this.storage.remove(row.fileKey);
      row.fileKey = null;
    }
    await em.flush();
    const rows = await em.nativeDelete(DataExport, { createdAt: { $lt: new Date(now.getTime() - 7 * 24 * 3600_000) } });
    return { files: stale.length, rows };
  }
}
