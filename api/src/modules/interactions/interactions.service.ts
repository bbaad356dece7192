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
import type { BoardOwner } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { Interaction } from './interaction.entity';
import { toInteractionResponse } from './interactions.mapper';
import { LATEST_PER_CONTACT } from './interactions.queries';

export const INTERACTION_NOT_FOUND_MESSAGE = 'Interaction not found.';

/** What an interaction needs of its user: who, which plan (hidden cards), and where "today" is. */
export type InteractionOwner = BoardOwner & Pick<SignedInUser, 'timeZone'>;

/** The most recent interaction of a contact, for reminder emails and AI drafts. */
export interface LatestInteraction {
  contactId: number;
  contactMethod: string;
  dateContacted: string;
  notes: string;
}

/**
 * Interaction notes: owner-scoped like contacts (another user's, or a hidden card's, answers 404).
 * "Today" is the user's local date. The interaction's notification is kept in the same transaction
 * (NotificationsService.keepFor, on this transaction's EntityManager).
 */
@Injectable()
export class InteractionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly notifications: NotificationsService,
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
    const visible = await this.contacts.visibleIds(user);
    return this.em.find(
      Interaction,
      { user: user.id, ...(visible ? { contact: { $in: visible } } : {}) },
      { orderBy: { dateContacted: 'desc', id: 'desc' } },
    );
  }

  async create(user: InteractionOwner, request: CreateInteractionRequest): Promise<Interaction> {
    this.checkDates(user, request.date_contacted, request.next_contact_date);
    const contact = await this.contacts.findVisible(user, request.contact_id);
    return this.em.transactional(async (em) => {
      const interaction = em.create(Interaction, {
        user: user.id,
        contact: contact.id,
        dateContacted: request.date_contacted,
        contactMethod: request.contact_method,
        notes: request.notes,
        nextContactDate: request.next_contact_date,
      });
      await em.persist(interaction).flush();
      await this.notifications.keepFor(em, interaction, contact.name);
      return interaction;
    });
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
    return this.em.transactional(async (em) => {
      const managed = await em.findOneOrFail(Interaction, { id, user: user.id });
      em.assign(managed, { contact: contact.id });
      if (changes.date_contacted !== undefined) managed.dateContacted = changes.date_contacted;
      if (changes.contact_method !== undefined) managed.contactMethod = changes.contact_method;
      if (changes.notes !== undefined) managed.notes = changes.notes;
      if (changes.next_contact_date !== undefined) managed.nextContactDate = changes.next_contact_date;
      await em.flush();
      await this.notifications.keepFor(em, managed, contact.name, { dateChanged: nextDateChanges });
      return managed;
    });
  }

  async delete(user: InteractionOwner, id: number): Promise<void> {
    const interaction = await this.findOwned(user, id);
    // Its notification goes with it (ON DELETE CASCADE).
    await this.em.nativeDelete(Interaction, { id: interaction.id, user: user.id });
  }

  /**
   * The spec's old client sets a follow-up date by creating a notification (`POST /api/notifications`);
   * the date is the interaction's next-contact date, set here with its notification kept alongside.
   */
  async setNextContactDate(user: InteractionOwner, id: number, date: string): Promise<void> {
    if (date < this.clock.today(user)) throw new BadRequestException({ errors: [NEXT_CONTACT_IN_PAST_MESSAGE] });
    const interaction = await this.em.findOne(Interaction, { id, user: user.id });
    if (!interaction) throw new NotFoundException({ errors: [INTERACTION_NOT_FOUND_MESSAGE] });
    const contact = await this.contacts.findVisible(user, interaction.contact.id);
    await this.em.transactional(async (em) => {
      const managed = await em.findOneOrFail(Interaction, { id, user: user.id });
      managed.nextContactDate = date;
      await em.flush();
      await this.notifications.keepFor(em, managed, contact.name);
    });
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
