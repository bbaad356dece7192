import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  notificationTitle,
  type ExportedNotification,
  type Notification as NotificationResponse,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import type { BoardOwner } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import type { Interaction } from '../interactions/interaction.entity';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { Notification } from './notification.entity';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found.';

export type NotificationOwner = BoardOwner & Pick<SignedInUser, 'timeZone'>;

/**
 * The reminders raised by next-contact dates: exactly one per interaction that has such a date,
 * kept by the server in the interaction's own transaction. A notification is unread while it is
 * not viewed and its date has come (on or before the user's local today).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes the interaction's notification agree with its next-contact date, inside the caller's
   * transaction (its EntityManager, `em`): created, moved (and unread again when the date changed),
   * or removed. InteractionsService calls it whenever it saves an interaction.
   */
  async keepFor(
    em: EntityManager,
    interaction: Interaction,
    contactName: string,
    { dateChanged = true }: { dateChanged?: boolean } = {},
  ): Promise<void> {
    const existing = await em.findOne(Notification, { interaction: interaction.id });
    if (!interaction.nextContactDate) {
      if (existing) await em.remove(existing).flush();
      return;
    }
    const notification =
      existing ??
      em.create(Notification, {
        user: interaction.user.id,
        contact: interaction.contact.id,
        interaction,
        date: interaction.nextContactDate,
        title: notificationTitle(contactName),
      });
    em.assign(notification, { contact: interaction.contact.id });
    notification.title = notificationTitle(contactName);
    if (dateChanged || !existing) {
      notification.date = interaction.nextContactDate;
      notification.viewed = false;
      notification.remindedAt = null;
    }
    await em.persist(notification).flush();
  }

  /** The user's notifications on cards they can see, soonest first. */
  async list(user: NotificationOwner): Promise<NotificationResponse[]> {
    const visible = await this.contacts.visibleIds(user);
    const rows = await this.em.find(
      Notification,
      { user: user.id, ...(visible ? { contact: { $in: visible } } : {}) },
      { orderBy: { date: 'asc', id: 'asc' } },
    );
    return this.present(user, rows);
  }

  async markViewed(user: NotificationOwner, id: number, viewed: boolean): Promise<NotificationResponse> {
    const notification = await this.findOwned(user, id);
    notification.viewed = viewed;
    await this.em.flush();
    const [shown] = await this.present(user, [notification]);
    if (!shown) throw new NotFoundException({ errors: [NOTIFICATION_NOT_FOUND_MESSAGE] });
    return shown;
  }

  /** Marks every notification that is due as viewed (upcoming ones stay as they are). */
  async readAll(user: NotificationOwner): Promise<number> {
    return this.em.nativeUpdate(
      Notification,
      { user: user.id, viewed: false, date: { $lte: this.clock.today(user) } },
      { viewed: true },
    );
  }

  /** An interaction's notification as the bell shows it (404 when its card is hidden). */
  async ofInteraction(user: NotificationOwner, interactionId: number): Promise<NotificationResponse> {
    const notification = await this.em.findOneOrFail(
      Notification,
      { interaction: interactionId, user: user.id },
      { refresh: true },
    );
    const [shown] = await this.present(user, [notification]);
    if (!shown) throw new NotFoundException({ errors: [NOTIFICATION_NOT_FOUND_MESSAGE] });
    return shown;
  }

  /** Every notification of a user, oldest first: for an export of the whole account. */
  async allOf(userId: number): Promise<ExportedNotification[]> {
    const rows = await this.em.find(Notification, { user: userId }, { orderBy: { date: 'asc', id: 'asc' } });
    return rows.map((n) => ({
      id: n.id,
      contact_id: n.contact.id,
      interaction_id: n.interaction.id,
      date: n.date,
      title: n.title,
      viewed: n.viewed,
      reminded_at: n.remindedAt?.toISOString() ?? null,
      created_at: n.createdAt.toISOString(),
    }));
  }

  /** Unread notifications not yet in a reminder email, due on or before `localDate` (soonest first). */
  dueForReminder(userId: number, localDate: string): Promise<Notification[]> {
    return this.em.find(
      Notification,
      { user: userId, viewed: false, remindedAt: null, date: { $lte: localDate } },
      { orderBy: { date: 'asc', id: 'asc' } },
    );
  }

  /** Records that a reminder email listed these notifications (inside the delivery's transaction). */
  async markReminded(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length > 0) await this.em.nativeUpdate(Notification, { id: { $in: [...ids] } }, { remindedAt: at });
  }

  private async findOwned(user: NotificationOwner, id: number): Promise<Notification> {
    const notification = await this.em.findOne(Notification, { id, user: user.id });
    const visible = notification ? await this.contacts.visibleIds(user) : null;
    if (!notification || (visible && !visible.includes(notification.contact.id))) {
      throw new NotFoundException({ errors: [NOTIFICATION_NOT_FOUND_MESSAGE] });
    }
    return notification;
  }

  private async present(user: NotificationOwner, rows: Notification[]): Promise<NotificationResponse[]> {
    const contacts = new Map(
      (await this.contacts.summaries(user, [...new Set(rows.map((row) => row.contact.id))])).map((c) => [c.id, c]),
    );
    const today = this.clock.today(user);
    return rows.flatMap((row) => {
      const contact = contacts.get(row.contact.id);
      if (!contact) return [];
      return [
        {
          id: row.id,
          date: row.date,
          contact_id: contact.id,
          interaction_id: row.interaction.id,
          title: notificationTitle(contact.name),
          viewed: row.viewed,
          unread: !row.viewed && row.date <= today,
          contact_name: contact.name,
          contact_photo_url: contact.photoUrl,
        },
      ];
    });
  }
}
