import { Injectable } from '@nestjs/common';
import {
  addDays,
  daysOverdue,
  followUpState,
  SNOOZE_RANGE_MESSAGE,
  UPCOMING_WINDOW_DAYS,
  type Contact as ContactResponse,
  type ContactMethod,
  type DoneRequest,
  type SnoozeRequest,
  type TodayItem,
  type TodayResponse,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { BoardService, type BoardOwner, type BoardSnapshot, type FollowUpRow } from '../board/board.service';
import { toContactResponse } from '../contacts/contacts.mapper';
import { ContactsService } from '../contacts/contacts.service';
import { InteractionsService } from '../interactions/interactions.service';
import type { SignedInUser } from '../users/signed-in-user-cache';

/** Done's method when none is given and the person was never contacted. */
export const DEFAULT_DONE_METHOD: ContactMethod = 'Other (add in notes)';

/** Who the daily loop serves: the board's owner, with the goal the Today page counts towards. */
export type FollowUpOwner = BoardOwner & Pick<SignedInUser, 'dailyGoal' | 'boardVersion'>;

/** The first line of a note, or null when it has none. */
function firstLine(notes: string | null): string | null {
  const line = notes?.split(/\r?\n/).find((part) => part.trim() !== '');
  return line === undefined ? null : line.trim();
}

/**
 * The daily loop's actions: Today (who is due), Done (log it, reset by the rule) and Snooze (an
 * explicit later date). The due dates themselves are the board module's, stored with each card;
 * this service only reads and asks for them to be recomputed through the modules that own the rows.
 */
@Injectable()
export class FollowUpsService {
  constructor(
    private readonly board: BoardService,
    private readonly contacts: ContactsService,
    private readonly interactions: InteractionsService,
    private readonly clock: Clock,
  ) {}

  /**
   * `today()` as JSON, built once per board version, day and goal: everything it reads changes only
   * in board writes (cards, their dates, columns, interactions), which bump the version. A 5,000-card
   * board's Today is then as cheap to serve as its board read (docs/PERFORMANCE.md).
   */
  todayJson(user: FollowUpOwner): Promise<BoardSnapshot> {
    const today = this.clock.today(user);
    return this.board.cachedView(user, `today:${today}:${user.dailyGoal}`, async () =>
      JSON.stringify(await this.today(user, today)),
    );
  }

  /** Overdue (oldest first), due today, upcoming (the next seven days, soonest first), the goal and today's count. */
  async today(user: FollowUpOwner, today: string = this.clock.today(user)): Promise<TodayResponse> {
    const [rows, doneToday] = [
      await this.board.followUps(user, { until: addDays(today, UPCOMING_WINDOW_DAYS) }),
      await this.interactions.countOn(user.id, today),
    ];
    const answer: TodayResponse = { overdue: [], due: [], upcoming: [], goal: user.dailyGoal, done_today: doneToday };
    for (const row of rows) {
      const state = followUpState(row.next_follow_up_on, today);
      if (state !== null) answer[state].push(todayItem(row, today));
    }
    return answer;
  }

  /**
   * Logs an interaction dated the user's today (the method given, else the last one used, else
   * Other), which resets the card by the rule; answers the card as it is now.
   */
  async done(user: BoardOwner, contactId: number, request: DoneRequest): Promise<ContactResponse> {
    await this.contacts.findVisible(user, contactId);
    const method =
      request.method ??
      ((await this.interactions.latestOf(user.id, [contactId])).get(contactId)?.contactMethod as ContactMethod) ??
      DEFAULT_DONE_METHOD;
    await this.interactions.create(user, {
      contact_id: contactId,
      date_contacted: this.clock.today(user),
      contact_method: method,
      notes: request.note ?? '',
      next_contact_date: null,
    });
    return toContactResponse(await this.contacts.findVisible(user, contactId, { fresh: true }));
  }

  /** Sets an explicit next date after today (a date, or days from today) and changes nothing else. */
  async snooze(user: BoardOwner, contactId: number, request: SnoozeRequest): Promise<ContactResponse> {
    const until = request.until ?? addDays(this.clock.today(user), request.days ?? 0);
    this.contacts.checkFollowUpDate(user, until, SNOOZE_RANGE_MESSAGE, { afterToday: true });
    return toContactResponse(await this.contacts.schedule(user, contactId, until));
  }
}

function todayItem(row: FollowUpRow, today: string): TodayItem {
  const {
    tier_name,
    interaction_id: _interaction,
    last_notes,
    viewed: _viewed,
    reminded_on: _reminded,
    ...contact
  } = row;
  return {
    ...(contact as unknown as ContactResponse),
    tier_name,
    days_overdue: daysOverdue(row.next_follow_up_on, today),
    last_note: firstLine(last_notes),
  };
}
