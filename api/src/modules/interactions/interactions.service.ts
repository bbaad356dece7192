import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  DATE_CONTACTED_IN_FUTURE_MESSAGE,
  localDate,
  NEXT_CONTACT_IN_PAST_MESSAGE,
  type CreateInteractionRequest,
  type Interaction as InteractionResponse,
  type UpdateInteractionRequest,
} from '@tend/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infra/database/pg-pool';
import { Clock } from '../../infra/time/clock';
import type { BoardOwner } from '../board/board.service';
import { Contact } from '../contacts/contact.entity';
import { CONTACT_NOT_FOUND_MESSAGE, ContactsService } from '../contacts/contacts.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { User } from '../users/user.entity';
import { Interaction } from './interaction.entity';
import { toInteractionResponse } from './interactions.mapper';
import { CONTACT_WITH_HISTORY, LATEST_PER_CONTACT } from './interactions.queries';

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

/** A card and its newest interactions, as a follow-up draft is written from them. */
export interface ContactWithHistory {
  contact: {
    id: number;
    name: string;
    title: string | null;
    company: string | null;
    connectionDescription: string | null;
    dateConnected: string | null;
  };
  /** Newest first. */
  history: {
    id: number;
    dateContacted: string;
    contactMethod: string;
    notes: string;
    nextContactDate: string | null;
  }[];
}

/**
 * Interaction notes: owner-scoped like contacts (another user's, or a hidden card's, answers 404).
 * "Today" is the user's local date. The interaction's notification is kept in the same transaction.
 */
@Injectable()
export class InteractionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly contacts: ContactsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  today(user: Pick<SignedInUser, 'timeZone'>): string {
    return localDate(user.timeZone, this.clock.now());
  }

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

  /**
   * A card the user can see (404 like `findVisible` otherwise) with its newest `limit` interactions,
   * newest first: one statement, and a second only for a limited plan's visibility.
   */
  async contactWithHistory(user: InteractionOwner, contactId: number, limit: number): Promise<ContactWithHistory> {
    // A named statement on the plain pg pool: PostgreSQL plans it once per connection, not per
    // draft (the ORM inlines values, so every draft's text differs), and the ORM's layers are skipped
    // on a path asked at 50 a second (docs/PERFORMANCE.md, AI drafts).
    const {
      rows: [row],
    } = await this.pool.query<{
      id: number;
      name: string;
      title: string | null;
      company: string | null;
      connection_description: string | null;
      date_connected: string | null;
      created_at: Date;
      history: {
        id: number;
        date_contacted: string;
        contact_method: string;
        notes: string;
        next_contact_date: string | null;
      }[];
    }>({ name: 'tend-draft-context', text: CONTACT_WITH_HISTORY, values: [limit, contactId, user.id] });
    if (!row || !(await this.contacts.isVisible(user, { id: row.id, createdAt: row.created_at }))) {
      throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    }
    return {
      contact: {
        id: row.id,
        name: row.name,
        title: row.title,
        company: row.company,
        connectionDescription: row.connection_description,
        dateConnected: row.date_connected,
      },
      history: row.history.map((entry) => ({
        id: entry.id,
        dateContacted: entry.date_contacted,
        contactMethod: entry.contact_method,
        notes: entry.notes,
        nextContactDate: entry.next_contact_date,
      })),
    };
  }

  async create(user: InteractionOwner, request: CreateInteractionRequest): Promise<Interaction> {
    this.checkDates(user, request.date_contacted, request.next_contact_date);
    const contact = await this.contacts.findVisible(user, request.contact_id);
    return this.em.transactional(async (em) => {
      const interaction = em.create(Interaction, {
        user: em.getReference(User, user.id),
        contact,
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
      managed.contact = em.getReference(Contact, contact.id, { wrapped: true });
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

  /** The newest interaction of each of the given contacts (one query, whatever their history). */
  /** Every interaction of a user, hidden cards' too, oldest first: for an export of the whole account. */
  async allOf(userId: number): Promise<InteractionResponse[]> {
    const rows = await this.em.find(Interaction, { user: userId }, { orderBy: { dateContacted: 'asc', id: 'asc' } });
    return rows.map(toInteractionResponse);
  }

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
    const today = this.today(user);
    const errors: string[] = [];
    if (dateContacted !== undefined && dateContacted > today) errors.push(DATE_CONTACTED_IN_FUTURE_MESSAGE);
    if (nextContactDate && nextContactDate < today) errors.push(NEXT_CONTACT_IN_PAST_MESSAGE);
    if (errors.length > 0) throw new BadRequestException({ errors });
  }
}
