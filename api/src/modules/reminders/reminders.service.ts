import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { Clock } from '../../infra/time/clock';
import { BoardService } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import { InteractionsService } from '../interactions/interactions.service';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { followUpReminderMail, type FollowUp } from '../mail/templates/reminder-mail.templates';
import { UsersService } from '../users/users.service';
import { ReminderDelivery } from './reminder-delivery.entity';
import { CREATE_DELIVERIES, USERS_WITH_DUE_FOLLOW_UPS } from './reminders.queries';
import { UnsubscribeTokens } from './unsubscribe-tokens';

const BATCH_SIZE = 1_000;
const EXCERPT_LENGTH = 140;
/** UTC+14 (Kiribati) is the earliest "today" on Earth. */
const LATEST_OFFSET_MS = 14 * 3_600_000;

/** A note cut to a short excerpt, at a word boundary, never mid-word. */
export function excerptOf(notes: string, max = EXCERPT_LENGTH): string {
  const flat = notes.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : flat.slice(0, max)).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface FanOutResult {
  /** Users looked at (they had something due somewhere on Earth). */
  users: number;
  /** Reminder emails queued (one per user and local day). */
  enqueued: number;
}

/**
 * Daily follow-up reminders. The fan-out makes one delivery per user and local day (08:00 or later
 * there), set-based and in batches, and queues it; the worker settles a delivery under its row
 * lock, recording the email and marking the follow-ups it lists in one transaction. So a retry,
 * a second fan-out, two schedulers or a worker killed mid-send never sends a follow-up twice, and
 * never drops one: what was not covered stays due for the next day's email.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobDispatcher,
    private readonly mail: MailService,
    private readonly contacts: ContactsService,
    private readonly interactions: InteractionsService,
    private readonly board: BoardService,
    private readonly users: UsersService,
    private readonly tokens: UnsubscribeTokens,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async fanOut(): Promise<FanOutResult> {
    const now = this.clock.now();
    const latestToday = new Date(now.getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);
    let after = 0;
    const result: FanOutResult = { users: 0, enqueued: 0 };
    for (;;) {
      const batch = await this.em.execute<{ user_id: number }[]>(USERS_WITH_DUE_FOLLOW_UPS, [
        latestToday,
        after,
        BATCH_SIZE,
      ]);
      if (batch.length === 0) break;
      const ids = batch.map((row) => row.user_id);
      after = ids[ids.length - 1] ?? after;
      const created = await this.em.execute<{ id: number; jobKey: string }[]>(CREATE_DELIVERIES, [now, now, ids, now]);
      await this.jobs.dispatchMany(
        'reminders',
        'reminders.deliver',
        created.map((delivery) => ({ data: { deliveryId: delivery.id }, jobId: `reminder-${delivery.jobKey}` })),
      );
      result.users += ids.length;
      result.enqueued += created.length;
      if (batch.length < BATCH_SIZE) break;
    }
    // Deliveries whose job never reached the queue (Redis away) or whose worker died go out again.
    result.enqueued += await this.requeueStuck();
    return result;
  }

  /** Settles one delivery: the email with every follow-up due on that day, or nothing. */
  async deliver(deliveryId: number): Promise<void> {
    const message = await this.em.transactional(async (em): Promise<QueuedMail | null> => {
      const delivery = await em.findOne(ReminderDelivery, deliveryId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!delivery || delivery.status !== 'pending') return null;
      const user = await this.users.findById(delivery.user.id);
      if (!user) throw new Error(`The user of reminder delivery ${deliveryId} is gone.`);
      const due = user.reminderEmails ? await this.board.dueForReminder(user.id, delivery.localDate, em) : [];
      const contacts = new Map(
        (await this.contacts.summaries(user, [...new Set(due.map((card) => card.id))])).map((c) => [c.id, c]),
      );
      // A hidden card's follow-up waits (it comes back with its card on upgrade).
      const covered = due.filter((card) => contacts.has(card.id));
      delivery.settledAt = this.clock.now();
      if (covered.length === 0) {
        delivery.status = 'empty';
        await em.flush();
        return null;
      }
      const latest = await this.interactions.latestOf(user.id, [...contacts.keys()]);
      const followUps: FollowUp[] = covered.map((card) => {
        const contact = contacts.get(card.id);
        const last = latest.get(card.id);
        return {
          name: contact?.name ?? '',
          title: contact?.title ?? null,
          company: contact?.company ?? null,
          due: card.date,
          url: `${this.config.appUrl}/kanban/${card.id}`,
          last: last ? { method: last.contactMethod, date: last.dateContacted, excerpt: excerptOf(last.notes) } : null,
        };
      });
      const token = this.tokens.issue(user.id);
      const queued = await this.mail.record(
        'follow-up-reminder',
        user.email,
        followUpReminderMail(user, followUps, {
          board: `${this.config.appUrl}/kanban`,
          unsubscribe: `${this.config.appUrl}/unsubscribe?token=${token}`,
          oneClickUnsubscribe: `${this.config.appUrl}/api/reminders/unsubscribe?token=${token}`,
        }),
        user.id,
      );
      await this.board.markReminded(
        user.id,
        covered.map((card) => card.id),
        em,
      );
      delivery.status = 'sent';
      delivery.notifications = covered.length;
      delivery.mailMessageId = queued.id;
      await em.flush();
      return queued;
    });
    if (message) await this.mail.dispatch(message);
  }

  /** Turns the emails off for the user a token names; false when the token names nobody. */
  async unsubscribe(token: string): Promise<boolean> {
    const userId = this.tokens.verify(token);
    if (userId === null) return false;
    const updated = await this.users.turnOffReminderEmails(userId);
    if (updated) this.logger.log(`User ${userId} turned off follow-up reminder emails.`);
    return updated;
  }

  /** Pending deliveries made more than 15 minutes ago: queued again (the same job id). */
  private async requeueStuck(): Promise<number> {
    const cutoff = new Date(this.clock.nowMs() - 15 * 60_000);
    const stuck = await this.em.find(
      ReminderDelivery,
      { status: 'pending', createdAt: { $lt: cutoff } },
      { fields: ['id', 'jobKey'], limit: BATCH_SIZE },
    );
    for (const delivery of stuck) {
      await this.jobs.dispatch(
        'reminders',
        'reminders.deliver',
        { deliveryId: delivery.id },
        { jobId: `reminder-${delivery.jobKey}` },
      );
    }
    return stuck.length;
  }
}
