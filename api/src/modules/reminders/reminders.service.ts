import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EMAIL_ACTION_MESSAGES,
  EMAIL_SNOOZE_DAYS,
  type EmailAction,
  type EmailActionPreview,
  type EmailActionResult,
  type TodayItem,
} from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { Clock } from '../../infra/time/clock';
import { BoardService } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import { FollowUpsService } from '../follow-ups/follow-ups.service';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { reminderDigestMail, type DigestPerson } from '../mail/templates/reminder-mail.templates';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { UsersService } from '../users/users.service';
import { EmailLinks, type EmailLink } from './email-links';
import { ReminderDelivery } from './reminder-delivery.entity';
import { CREATE_DELIVERIES, USERS_WITH_REMINDERS } from './reminders.queries';

const BATCH_SIZE = 1_000;
const EXCERPT_LENGTH = 140;
/** The digest lists at most this many people; "and N more" links to the Today page. */
export const DIGEST_MAX_PEOPLE = 20;

/** A note cut to a short excerpt, at a word boundary, never mid-word. */
export function excerptOf(notes: string, max = EXCERPT_LENGTH): string {
  const flat = notes.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : flat.slice(0, max)).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export const UNSUBSCRIBED_MESSAGE = 'You will not get follow-up reminder emails any more.';

export interface FanOutResult {
  /** Users looked at (those who want reminder emails). */
  users: number;
  /** Digests queued (one per user and local day at most). */
  enqueued: number;
}

/**
 * The reminder digest. The hourly fan-out makes one delivery per user and period (a local day, at
 * or after the user's hour, on their weekday for weekly users), set-based and in batches, and
 * queues it; the worker settles a delivery under its row lock, recording the email in the same
 * transaction. So a retry, a second fan-out, two schedulers or a worker killed mid-send never sends
 * a digest twice, and never drops one. The digest lists everyone due or overdue at sending time:
 * someone left alone is in the next one again.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobDispatcher,
    private readonly mail: MailService,
    private readonly contacts: ContactsService,
    private readonly followUps: FollowUpsService,
    private readonly board: BoardService,
    private readonly users: UsersService,
    private readonly links: EmailLinks,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async fanOut(): Promise<FanOutResult> {
    const now = this.clock.now();
    let after = 0;
    const result: FanOutResult = { users: 0, enqueued: 0 };
    for (;;) {
      const batch = await this.em.execute<{ id: number }[]>(USERS_WITH_REMINDERS, [after, BATCH_SIZE]);
      if (batch.length === 0) break;
      const ids = batch.map((row) => row.id);
      after = ids[ids.length - 1] ?? after;
      const created = await this.em.execute<{ id: number; jobKey: string }[]>(CREATE_DELIVERIES, [
        now,
        now,
        ids,
        now,
        now,
        now,
      ]);
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

  /**
   * Settles one delivery: the digest of everyone due or overdue at sending time (handled ones are
   * not due any more; ones left alone are in the next digest again) and who is coming up this week,
   * or nothing when nobody is due.
   */
  async deliver(deliveryId: number): Promise<void> {
    const message = await this.em.transactional(async (em): Promise<QueuedMail | null> => {
      const delivery = await em.findOne(ReminderDelivery, deliveryId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!delivery || delivery.status !== 'pending') return null;
      const user = await this.users.findSignedIn(delivery.user.id);
      if (!user) throw new Error(`The user of reminder delivery ${deliveryId} is gone.`);
      const today = user.reminderEmails ? await this.followUps.today(user) : null;
      const waiting = today ? [...today.overdue, ...today.due] : [];
      delivery.settledAt = this.clock.now();
      if (!today || waiting.length === 0) {
        delivery.status = 'empty';
        await em.flush();
        return null;
      }
      const now = this.clock.now();
      const person = (item: TodayItem): DigestPerson => this.digestPerson(user, item, now);
      const unsubscribe = this.links.issue({ action: 'unsubscribe', userId: user.id }, now);
      const queued = await this.mail.record(
        'follow-up-reminder',
        user.email,
        reminderDigestMail(
          user,
          {
            waiting: waiting.slice(0, DIGEST_MAX_PEOPLE).map(person),
            more: Math.max(0, waiting.length - DIGEST_MAX_PEOPLE),
            upcoming: today.upcoming.slice(0, Math.max(0, DIGEST_MAX_PEOPLE - waiting.length)).map(person),
          },
          {
            today: `${this.config.appUrl}/today`,
            unsubscribe: `${this.config.appUrl}/unsubscribe?token=${unsubscribe}`,
            oneClickUnsubscribe: `${this.config.appUrl}/api/reminders/unsubscribe?token=${unsubscribe}`,
          },
        ),
        user.id,
      );
      await this.board.markReminded(
        user.id,
        waiting.map((item) => item.id),
        em,
      );
      delivery.status = 'sent';
      delivery.people = waiting.length;
      delivery.mailMessageId = queued.id;
      await em.flush();
      return queued;
    });
    if (message) await this.mail.dispatch(message);
  }

  /** What an email's link would do (the page shows it before the person clicks); changes nothing. */
  async previewLink(token: string): Promise<EmailActionPreview> {
    const checked = await this.checkLink(token);
    if (!checked.ok)
      return { action: checked.action, state: checked.state, contact_name: null, message: checked.message };
    return { action: checked.link.action, state: 'ready', contact_name: checked.contactName, message: null };
  }

  /** Carries out an email's link (the page's button POSTs it), if it is `only`'s kind when given; else why it cannot. */
  async followLink(token: string, only?: EmailAction): Promise<EmailActionResult | { error: string }> {
    const checked = await this.checkLink(token, only);
    if (!checked.ok) return { error: checked.message };
    const { link, user } = checked;
    if (link.action === 'unsubscribe') {
      await this.users.turnOffReminderEmails(link.userId);
      this.logger.log(`User ${link.userId} turned off follow-up reminder emails.`);
      return { message: UNSUBSCRIBED_MESSAGE, next_follow_up_on: null };
    }
    const contactId = link.contactId ?? 0;
    const contact =
      link.action === 'done'
        ? await this.followUps.done(user, contactId, {})
        : await this.followUps.snooze(user, contactId, { days: EMAIL_SNOOZE_DAYS });
    return {
      message: link.action === 'done' ? `${contact.name} is marked as done.` : `${contact.name} is snoozed for a week.`,
      next_follow_up_on: contact.next_follow_up_on,
    };
  }

  private async checkLink(
    token: string,
    only?: EmailAction,
  ): Promise<
    | { ok: true; link: EmailLink; user: SignedInUser; contactName: string | null }
    | { ok: false; action: EmailLink['action'] | null; state: 'expired' | 'changed' | 'invalid'; message: string }
  > {
    const read = this.links.read(token, this.clock.now());
    if (!read.ok) return { ok: false, action: null, state: read.reason, message: EMAIL_ACTION_MESSAGES[read.reason] };
    const { link } = read;
    if (only !== undefined && link.action !== only)
      return { ok: false, action: link.action, state: 'invalid', message: EMAIL_ACTION_MESSAGES.invalid };
    const user = await this.users.findSignedIn(link.userId);
    if (!user) return { ok: false, action: link.action, state: 'invalid', message: EMAIL_ACTION_MESSAGES.invalid };
    if (link.action === 'unsubscribe') return { ok: true, link, user, contactName: null };
    const contact = await this.contacts.findVisible(user, link.contactId ?? 0, { fresh: true }).catch(() => null);
    // The person was handled (or rescheduled) since the email went out: the link was for that date.
    if (!contact || contact.nextFollowUpOn !== link.date)
      return { ok: false, action: link.action, state: 'changed', message: EMAIL_ACTION_MESSAGES.changed };
    return { ok: true, link, user, contactName: contact.name };
  }

  private digestPerson(user: SignedInUser, item: TodayItem, now: Date): DigestPerson {
    const link = (action: 'done' | 'snooze') =>
      `${this.config.appUrl}/email-action?token=${this.links.issue(
        { action, userId: user.id, contactId: item.id, date: item.next_follow_up_on ?? '' },
        now,
      )}`;
    return {
      name: item.name,
      title: item.title,
      company: item.company,
      column: item.tier_name,
      next: item.next_follow_up_on ?? '',
      daysOverdue: item.days_overdue,
      lastContactedOn: item.last_contacted_on,
      lastNote: item.last_note ? excerptOf(item.last_note) : null,
      open: `${this.config.appUrl}/kanban/${item.id}?tab=follow-up`,
      done: link('done'),
      snooze: link('snooze'),
    };
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
