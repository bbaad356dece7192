import { Injectable, NotFoundException } from '@nestjs/common';
import {
  daysOverdue,
  notificationTitle,
  type ExportedNotification,
  type Notification as NotificationResponse,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { BoardService, type BoardOwner, type FollowUpRow } from '../board/board.service';
import { InteractionsService } from '../interactions/interactions.service';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found.';

export type NotificationOwner = BoardOwner;

/**
 * The bell: a view of the daily loop's rule, not a table. One item per visible card whose
 * follow-up date has come (on or before the user's local today), its id the card's id. `viewed`
 * is the card's `follow_up_viewed_on` equal to its current date, so a new date is unread again
 * without any write.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly board: BoardService,
    private readonly interactions: InteractionsService,
    private readonly clock: Clock,
  ) {}

  /** The due and overdue people, oldest date first. */
  async list(user: NotificationOwner): Promise<NotificationResponse[]> {
    const today = this.clock.today(user);
    return (await this.board.followUps(user, { until: today })).map((row) => this.present(row, today));
  }

  /** Marks the card's current follow-up date viewed (or not); 404 when the card has none or is not the user's. */
  async markViewed(user: NotificationOwner, contactId: number, viewed: boolean): Promise<NotificationResponse> {
    await this.ofContact(user, contactId);
    await this.board.setFollowUpViewed(user, contactId, viewed);
    return this.ofContact(user, contactId);
  }

  /**
   * `POST /api/notifications` (the spec's old client): sets the interaction's next-contact date, an
   * explicit date of the rule, and answers the card's item (unread once the date has come).
   */
  async setDate(user: NotificationOwner, interactionId: number, date: string): Promise<NotificationResponse> {
    const contactId = await this.interactions.setNextContactDate(user, interactionId, date);
    return this.ofContact(user, contactId);
  }

  /** Every card of the user with a follow-up date (hidden ones too), soonest first: for an export. */
  async allOf(owner: NotificationOwner): Promise<ExportedNotification[]> {
    // An export holds the whole account: read as a plan without a limit would.
    const rows = await this.board.followUps({ ...owner, plan: 'premium' }, {});
    const today = this.clock.today(owner);
    return rows.map((row) => {
      const item = this.present(row, today);
      return {
        id: item.id,
        contact_id: item.contact_id,
        interaction_id: item.interaction_id,
        date: item.date,
        title: item.title,
        viewed: item.viewed,
        reminded_on: row.reminded_on,
      };
    });
  }

  private async ofContact(user: NotificationOwner, contactId: number): Promise<NotificationResponse> {
    const [row] = await this.board.followUps(user, { contactId });
    if (!row) throw new NotFoundException({ errors: [NOTIFICATION_NOT_FOUND_MESSAGE] });
    return this.present(row, this.clock.today(user));
  }

  private present(row: FollowUpRow, today: string): NotificationResponse {
    return {
      id: row.id,
      date: row.next_follow_up_on,
      contact_id: row.id,
      interaction_id: row.interaction_id,
      days_overdue: daysOverdue(row.next_follow_up_on, today),
      title: notificationTitle(row.name),
      viewed: row.viewed,
      unread: !row.viewed && row.next_follow_up_on <= today,
      contact_name: row.name,
      contact_photo_url: row.photo_url,
    };
  }
}
