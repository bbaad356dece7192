import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DATE_CONTACTED_IN_FUTURE_MESSAGE,
  NEXT_CONTACT_IN_PAST_MESSAGE,
  type CreateInteractionRequest,
  type Interaction as InteractionResponse,
  type UpdateInteractionRequest,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { BoardService, type BoardOwner } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import { Interaction } from './interaction.entity';
import { logInteraction } from './interaction-writes';
import { toInteractionResponse } from './interactions.mapper';
import { COUNT_ON_DATE, LATEST_PER_CONTACT } from './interactions.queries';

export const INTERACTION_NOT_FOUND_MESSAGE = 'Interaction not found.';

/** What an interaction needs of its user: who, which plan (hidden cards), and where "today" is. */
export type InteractionOwner = BoardOwner;

/** The most recent interaction of a contact, for reminder emails and AI drafts. */
export interface LatestInteraction {
  contactId: number;
  contactMethod: string;
  dateContacted: string;
  notes: string;
}

/**
 * Interaction notes: owner-scoped like contacts (another user's, or a hidden card's, answers 404).
 * "Today" is the user's local date. Every write is a board change that recomputes the follow-up
 * date of the card(s) it touched in the same transaction (the daily loop's rule: logging resets).
 */
@Injectable()
export class InteractionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly board: BoardService,
    private readonly clock: Clock,
  ) {}

  /** Every interaction the user can see, or one contact's, newest first (date contacted, then id). */
  async list(user: InteractionOwner, contactId?: number): Promise<Interaction[]> {
    if (contactId !== undefined) {
      await this.contacts.findVisible(user, contactId);
      return this.em.find(
        Interaction,
        { user: user.id, contact: contactId },
        { orderBy: { dateContacted: 'desc', id: 'desc' } },
      );
    }
    const hidden = await this.contacts.hiddenIds(user);
    return this.em.find(
      Interaction,
      { user: user.id, ...(hidden.size > 0 ? { contact: { $nin: [...hidden] } } : {}) },
      { orderBy: { dateContacted: 'desc', id: 'desc' } },
    );
  }

  async create(user: InteractionOwner, request: CreateInteractionRequest): Promise<Interaction> {
    this.checkDates(user, request.date_contacted, request.next_contact_date);
    const contact = await this.contacts.findVisible(user, request.contact_id);
    return this.board.change(user, (change) =>
      logInteraction(
        change,
        {
          contactId: contact.id,
          dateContacted: request.date_contacted,
          contactMethod: request.contact_method,
          notes: request.notes,
          nextContactDate: request.next_contact_date,
        },
        this.clock.now(),
      ),
    );
  }

  /** A partial change; the next-contact date is checked against today only when it changes. */
  async update(user: InteractionOwner, id: number, changes: UpdateInteractionRequest): Promise<Interaction> {
    const interaction = await this.findOwned(user, id);
    const nextDateChanges =
      changes.next_contact_date !== undefined && changes.next_contact_date !== interaction.nextContactDate;
    this.checkDates(user, changes.date_contacted, nextDateChanges ? changes.next_contact_date : undefined);
    const contact =
      changes.contact_id !== undefined && changes.contact_id !== interaction.contact.id
        ? await this.contacts.findVisible(user, changes.contact_id)
        : await this.contacts.findVisible(user, interaction.contact.id);
    const previousContact = interaction.contact.id;
    return this.board.change(user, async (change) => {
      const { em } = change;
      const managed = await em.findOneOrFail(Interaction, { id, user: user.id });
      em.assign(managed, { contact: contact.id });
      if (changes.date_contacted !== undefined) managed.dateContacted = changes.date_contacted;
      if (changes.contact_method !== undefined) managed.contactMethod = changes.contact_method;
      if (changes.notes !== undefined) managed.notes = changes.notes;
      if (changes.next_contact_date !== undefined) managed.nextContactDate = changes.next_contact_date;
      if (nextDateChanges) managed.nextContactSetAt = this.clock.now();
      await em.flush();
      await change.followUpsChanged({ contactIds: [previousContact, contact.id] });
      return managed;
    });
  }

  async delete(user: InteractionOwner, id: number): Promise<void> {
    const interaction = await this.findOwned(user, id);
    await this.board.change(user, async (change) => {
      await change.em.nativeDelete(Interaction, { id: interaction.id, user: user.id });
      // The one before it may now be the latest: the card's date follows it.
      await change.followUpsChanged({ contactIds: [interaction.contact.id] });
    });
  }

  /**
   * The spec's old client sets a follow-up date by creating a notification (`POST /api/notifications`):
   * the date is the interaction's next-contact date, an explicit date of the rule. Answers the card's id.
   */
  async setNextContactDate(user: InteractionOwner, id: number, date: string): Promise<number> {
    if (date < this.clock.today(user)) throw new BadRequestException({ errors: [NEXT_CONTACT_IN_PAST_MESSAGE] });
    const interaction = await this.findOwned(user, id);
    await this.board.change(user, async (change) => {
      const managed = await change.em.findOneOrFail(Interaction, { id, user: user.id });
      managed.nextContactDate = date;
      managed.nextContactSetAt = this.clock.now();
      await change.em.flush();
      await change.followUpsChanged({ contactIds: [managed.contact.id] });
    });
    return interaction.contact.id;
  }

  /** How many interactions the user logged dated `date` (Today's "2 of 3 today"). */
  async countOn(userId: number, date: string): Promise<number> {
    const [row] = await this.em.execute<{ count: number }[]>(COUNT_ON_DATE, [userId, date]);
    return row?.count ?? 0;
  }

  /** Every interaction of a user, hidden cards' too, oldest first: for an export of the whole account. */
  async allOf(userId: number): Promise<InteractionResponse[]> {
    const rows = await this.em.find(Interaction, { user: userId }, { orderBy: { dateContacted: 'asc', id: 'asc' } });
    return rows.map(toInteractionResponse);
  }

  /** The newest interaction of each of the given contacts (one query, whatever their history). */
  async latestOf(userId: number, contactIds: readonly number[]): Promise<Map<number, LatestInteraction>> {
    if (contactIds.length === 0) return new Map();
    const rows = await this.em.execute<
      { contact_id: number; contact_method: string; date_contacted: string; notes: string }[]
    >(LATEST_PER_CONTACT, [userId, [...contactIds]]);
    return new Map(
      rows.map((row) => [
        row.contact_id,
        {
          contactId: row.contact_id,
          contactMethod: row.contact_method,
          dateContacted: row.date_contacted,
          notes: row.notes,
        },
      ]),
    );
  }

  private async findOwned(user: InteractionOwner, id: number): Promise<Interaction> {
    const interaction = await this.em.findOne(Interaction, { id, user: user.id });
    if (!interaction) throw new NotFoundException({ errors: [INTERACTION_NOT_FOUND_MESSAGE] });
    // A hidden card's interactions are as hidden as the card.
    try {
      await this.contacts.findVisible(user, interaction.contact.id);
    } catch {
      throw new NotFoundException({ errors: [INTERACTION_NOT_FOUND_MESSAGE] });
    }
    return interaction;
  }

  private checkDates(
    user: InteractionOwner,
    dateContacted: string | undefined,
    nextContactDate: string | null | undefined,
  ): void {
    const today = this.clock.today(user);
    const errors: string[] = [];
    if (dateContacted !== undefined && dateContacted > today) errors.push(DATE_CONTACTED_IN_FUTURE_MESSAGE);
    if (nextContactDate && nextContactDate < today) errors.push(NEXT_CONTACT_IN_PAST_MESSAGE);
    if (errors.length > 0) throw new BadRequestException({ errors });
  }
}
