import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  addDays,
  canonicalLinkedInUrl,
  CONTACT_FIELDS,
  DUPLICATE_LINKEDIN_MESSAGE,
  FOLLOW_UP_DATE_RANGE_MESSAGE,
  freePlanLimitMessage,
  SNOOZE_MAX_DAYS,
  type Contact as ContactResponse,
  type ContactFieldKey,
  type ContactFieldKind,
  type CreateContactRequest,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { CONTACT_NOT_FOUND_MESSAGE } from '../board/board.errors';
import { BoardService, type BoardChange, type BoardOwner } from '../board/board.service';
import { TiersService } from '../tiers/tiers.service';
import { Contact } from './contact.entity';
import { ContactPhotosService } from './contact-photos.service';
import { writeFields } from './contact-field-values';
import { photoUrlOf, toContactResponse } from './contacts.mapper';

export { CONTACT_NOT_FOUND_MESSAGE };

/** The fields of a card a person edits (its place on the board is the board module's business). */
export type ContactFields = Partial<Pick<CreateContactRequest, ContactFieldKey>>;

/**
 * A card's follow-up settings a person edits: its own cadence (null: its column's), and an explicit
 * next date ("Schedule follow-up", "Reschedule"; null: let the cadence decide again).
 */
export interface FollowUpSettings {
  cadenceDays?: number | null | undefined;
  nextFollowUpOn?: string | null | undefined;
}

/** A card as other modules show it (a notification, a reminder email, an AI prompt). */
export interface ContactSummary {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  email: string | null;
  photoUrl: string | null;
}

/** A person as an export writes it: as the API answers it, its column's name (null: in the network), and its photo's stored file. */
export interface ExportedCard {
  contact: ContactResponse;
  column: string | null;
  photoKey: string | null;
}

/**
 * The card fields as one new card needs them (an import passes many at once), and a photo already
 * checked and stored by `storePhoto` (an imported vCard's).
 */
export type NewCard = ContactFields & { name: string; photoKey?: string };

/** How `insertCards` reads each kind of field out of its JSON parameter (the column's own type). */
const RECORD_TYPE: Record<ContactFieldKind, 'text' | 'date'> = {
  name: 'text',
  text: 'text',
  'long-text': 'text',
  phone: 'text',
  url: 'text',
  email: 'text',
  date: 'date',
};

/**
 * `insertCards`' statement: every contact field's column (a field's key is its column), from one
 * JSON array of the placed cards, in their order, so the ids come back first card first.
 */
const INSERT_CARDS = (() => {
  const fields = CONTACT_FIELDS.map((field) => field.key);
  return `insert into contacts (user_id, tier_id, column_entered_on, next_follow_up_on, vertical_order, photo_key, ${fields.join(', ')})
    select ?, ?, ?::date, ?::date, c.vertical_order, c.photo_key, ${fields.map((key) => `c.${key}`).join(', ')}
      from jsonb_to_recordset(?::jsonb) as c(n int, vertical_order int, photo_key text, ${CONTACT_FIELDS.map(
        (field) => `${field.key} ${RECORD_TYPE[field.kind]}`,
      ).join(', ')})
     order by c.n
    returning id`;
})();

/** Contact cards: owner-scoped CRUD and the free plan's allowance. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tiers: TiersService,
    private readonly photos: ContactPhotosService,
    private readonly board: BoardService,
    private readonly clock: Clock,
  ) {}

  /**
   * An owned contact that the user can see (a hidden free-plan card answers 404 like a stranger's);
   * `fresh` reads it again rather than from this request's identity map (after a move).
   */
  async findVisible(user: BoardOwner, id: number, { fresh = false } = {}): Promise<Contact> {
    const contact = await this.em.findOne(Contact, { id, user: user.id }, { populate: ['tier'], refresh: fresh });
    if (!contact || (await this.board.isHidden(user, contact))) {
      throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    }
    return contact;
  }

  /** Whether a person of the user's (its id, creation time and place, read by the caller) is in sight on their plan. */
  async isVisible(user: BoardOwner, card: { id: number; createdAt: Date; onBoard: boolean }): Promise<boolean> {
    return !(await this.board.isHidden(user, card));
  }

  /**
   * Adds a card at the top of its column, with its photo when one is given (checked and re-encoded
   * first). A LinkedIn profile already on the board (same canonical address, PRODUCT.md §1) is
   * refused with 409 and that card's id, before the plan's allowance is looked at: opening the
   * existing card is the answer either way. A limited plan refuses a card past its allowance (403).
   * Both checks run under the board's write lock, so two saves of one profile make one card.
   */
  async create(user: BoardOwner, request: CreateContactRequest, photo?: Buffer): Promise<Contact> {
    const column =
      request.tier_id !== undefined ? { id: request.tier_id } : { position: request.column_order ?? undefined };
    const canonical = request.linked_in ? canonicalLinkedInUrl(request.linked_in) : null;
    const photoKey = photo ? await this.photos.store(photo) : null;
    try {
      return await this.board.change(user, async (change) => {
        const existing = canonical ? await this.linkedInMatch(user, canonical, change.em) : null;
        if (existing) {
          throw new ConflictException({ errors: [DUPLICATE_LINKEDIN_MESSAGE], contact_id: existing.id });
        }
        const {
          created: [contact],
        } = await this.addCards(change, column, [request]);
        if (!contact) throw new ForbiddenException({ errors: [freePlanLimitMessage(this.board.cardLimit(user) ?? 0)] });
        if (photoKey) {
          contact.photoKey = photoKey;
          await change.em.flush();
        }
        return contact;
      });
    } catch (error) {
      await this.photos.remove(photoKey);
      throw error;
    }
  }

  /**
   * The user's person for a LinkedIn profile (`canonical` is `canonicalLinkedInUrl`'s form), on the
   * board or in the network: stored addresses are compared in that form too, so
   * `linkedin.com/in/Jane/?trk=x` finds the card saved as `https://uk.linkedin.com/in/jane`. A card
   * on the board first, then the newest; a card hidden past a limited plan's allowance is left out.
   */
  async linkedInMatch(
    user: BoardOwner,
    canonical: string,
    em: EntityManager = this.em,
  ): Promise<{ id: number; name: string; on_board: boolean } | null> {
    const rows = await em.execute<{ id: number; name: string; linked_in: string; on_board: boolean }[]>(
      `select id, name, linked_in, on_board from contacts
        where user_id = ? and linked_in is not null and linked_in ilike '%linkedin.%'
        order by on_board desc, created_at desc, id desc`,
      [user.id],
    );
    const matches = rows.filter((row) => canonicalLinkedInUrl(row.linked_in) === canonical);
    if (matches.length === 0) return null;
    const hidden = await this.board.hiddenIds(user, em);
    const match = matches.find((row) => !hidden.has(row.id));
    return match ? { id: match.id, name: match.name, on_board: match.on_board } : null;
  }

  /**
   * Adds cards at the top of one column inside a board change, the first one on top, in one insert
   * whatever their number: as many as the plan has room for (`BoardChange.addCards`), and says how
   * much room there was. The column is given by id, or by a legacy position (else the first column).
   */
  addCards(
    change: BoardChange,
    column: { id: number } | { position: number | undefined },
    cards: readonly NewCard[],
  ): Promise<{ created: Contact[]; room: number }> {
    const { em, owner } = change;
    return change.addCards(
      () =>
        'id' in column
          ? this.tiers.findOwned(owner.id, column.id, em)
          : this.tiers.findByPositionOrFirst(owner.id, column.position, em),
      cards,
      (card, { column: tier, verticalOrder, followUp }) => {
        const contact = em.create(Contact, {
          user: owner.id,
          tier,
          name: card.name,
          verticalOrder,
          columnEnteredOn: followUp.columnEnteredOn,
          nextFollowUpOn: followUp.nextFollowUpOn,
        });
        writeFields(contact, card);
        if (card.photoKey) contact.photoKey = card.photoKey;
        return contact;
      },
    );
  }

  /**
   * `addCards` for a caller that needs only the new cards' ids (an import's batch of 1,000): the
   * board's same room, column lock and orders (`BoardChange.insertCards`), written by one
   * `insert ... select` from a JSON parameter rather than through the unit of work, which spent
   * more on 1,000 entities than the rest of the batch together. Answers the ids, the first card's
   * (on top) first.
   */
  async insertCards(
    change: BoardChange,
    column: { id: number },
    cards: readonly NewCard[],
  ): Promise<{ ids: number[]; room: number }> {
    const { em, owner } = change;
    const { created, room } = await change.insertCards(
      () => this.tiers.findOwned(owner.id, column.id, em),
      cards,
      async (tier, placed, followUp) => {
        const rows = placed.map(({ card, verticalOrder }, index) => ({
          n: index,
          vertical_order: verticalOrder,
          photo_key: card.photoKey ?? null,
          ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field.key, card[field.key] ?? null])),
        }));
        const inserted = await em.execute<{ id: number }[]>(INSERT_CARDS, [
          owner.id,
          tier.id,
          followUp.columnEnteredOn,
          followUp.nextFollowUpOn,
          JSON.stringify(rows),
        ]);
        return inserted.map((row) => row.id);
      },
    );
    return { ids: created, room };
  }

  /**
   * Sets the given fields of many of the owner's cards inside a board change: one read and one
   * batched update whatever their number. Fields left out keep their value.
   */
  async updateCards(change: BoardChange, changes: readonly { id: number; fields: ContactFields }[]): Promise<void> {
    if (changes.length === 0) return;
    const { em, owner } = change;
    const cards = await em.find(Contact, { user: owner.id, id: { $in: changes.map((c) => c.id) } });
    const byId = new Map(cards.map((card) => [card.id, card]));
    for (const edit of changes) {
      const card = byId.get(edit.id);
      if (card) writeFields(card, edit.fields);
    }
    await em.flush();
  }

  /** Every card of a user that has a LinkedIn URL or an email: what an import matches people against. */
  keyedCards(
    em: EntityManager,
    userId: number,
  ): Promise<{ id: number; linked_in: string | null; email: string | null }[]> {
    return em.execute(
      'select id, linked_in, email from contacts where user_id = ? and (linked_in is not null or email is not null)',
      [userId],
    );
  }

  /**
   * Every person of a user, hidden cards too, in board order (column, then top to bottom), then the
   * network (oldest first): for an export.
   */
  async allCards(userId: number): Promise<ExportedCard[]> {
    const cards = await this.em.find(
      Contact,
      { user: userId },
      {
        populate: ['tier'],
        orderBy: [{ onBoard: 'desc' }, { tier: { position: 'asc' } }, { verticalOrder: 'desc' }, { id: 'asc' }],
      },
    );
    return cards.map((card) => ({
      contact: toContactResponse(card),
      column: card.tier?.getEntity().name ?? null,
      photoKey: card.photoKey,
    }));
  }

  /**
   * Edits a card's fields, its follow-up settings and, optionally, its photo (a new file; the old
   * one goes after the commit). A follow-up date must be today or later, at most a year ahead (400
   * before anything changes). Answers the card as it is now (its follow-up date recomputed).
   */
  async update(
    user: BoardOwner,
    id: number,
    fields: ContactFields,
    photo?: Buffer,
    followUp: FollowUpSettings = {},
  ): Promise<Contact> {
    if (followUp.nextFollowUpOn) this.checkFollowUpDate(user, followUp.nextFollowUpOn, FOLLOW_UP_DATE_RANGE_MESSAGE);
    await this.findVisible(user, id);
    const newPhoto = photo ? await this.photos.store(photo) : null;
    const oldPhoto = await this.board.change(user, async (change) => {
      const card = await change.em.findOneOrFail(Contact, { id, user: user.id }, { populate: ['tier'] });
      const previous = card.photoKey;
      writeFields(card, fields);
      if (newPhoto) card.photoKey = newPhoto;
      if (followUp.cadenceDays !== undefined) card.cadenceDays = followUp.cadenceDays;
      if (followUp.nextFollowUpOn !== undefined) {
        card.scheduledOn = followUp.nextFollowUpOn;
        card.scheduledAt = this.clock.now();
      }
      await change.em.flush();
      if (followUp.cadenceDays !== undefined || followUp.nextFollowUpOn !== undefined) {
        await change.followUpsChanged({ contactIds: [id] });
      }
      return previous;
    });
    if (newPhoto && oldPhoto) await this.photos.remove(oldPhoto);
    return this.findVisible(user, id, { fresh: true });
  }

  /**
   * Snooze: sets the card's explicit next date and changes nothing else (the caller checked the
   * date); answers the card as it is now.
   */
  async schedule(user: BoardOwner, id: number, on: string): Promise<Contact> {
    await this.findVisible(user, id);
    await this.board.change(user, async (change) => {
      const card = await change.em.findOneOrFail(Contact, { id, user: user.id });
      card.scheduledOn = on;
      card.scheduledAt = this.clock.now();
      await change.em.flush();
      await change.followUpsChanged({ contactIds: [id] });
    });
    return this.findVisible(user, id, { fresh: true });
  }

  /** 400 with `message` unless `date` is from the user's today to a year ahead. */
  checkFollowUpDate(user: BoardOwner, date: string, message: string, { afterToday = false } = {}): void {
    const today = this.clock.today(user);
    if ((afterToday ? date <= today : date < today) || date > addDays(today, SNOOZE_MAX_DAYS)) {
      throw new BadRequestException({ errors: [message] });
    }
  }

  async delete(user: BoardOwner, id: number): Promise<void> {
    await this.findVisible(user, id);
    const photo = await this.board.change(user, async ({ em }) => {
      const contact = await em.findOneOrFail(Contact, { id, user: user.id });
      const key = contact.photoKey;
      await em.remove(contact).flush();
      return key;
    });
    await this.photos.remove(photo);
  }

  /** The ids of the cards hidden past a limited plan's allowance (empty: none); the network is never hidden. */
  hiddenIds(user: BoardOwner): Promise<Set<number>> {
    return this.board.hiddenIds(user);
  }

  /** Name, title, company and photo of the given people that the user can see (others are left out). */
  async summaries(user: BoardOwner, ids: readonly number[]): Promise<ContactSummary[]> {
    if (ids.length === 0) return [];
    const hidden = await this.hiddenIds(user);
    const wanted = ids.filter((id) => !hidden.has(id));
    if (wanted.length === 0) return [];
    const rows = await this.em.find(
      Contact,
      { user: user.id, id: { $in: wanted } },
      { fields: ['name', 'title', 'company', 'email', 'photoKey'] },
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      company: row.company,
      email: row.email,
      photoUrl: row.photoKey ? photoUrlOf(row.id, row.photoKey) : null,
    }));
  }

  /** The photo files of every card of a user (an account being deleted takes them along). */
  async photoKeysOf(userId: number): Promise<string[]> {
    const rows = await this.em.find(Contact, { user: userId, photoKey: { $ne: null } }, { fields: ['photoKey'] });
    return rows.map((row) => row.photoKey).filter((key): key is string => key !== null);
  }

  /**
   * Checks, re-encodes and stores a photo exactly as an upload's (magic bytes, size, re-encoding)
   * and answers its key, for a card made later (`NewCard.photoKey`); a refused image throws 413/415.
   */
  storePhoto(data: Buffer): Promise<string> {
    return this.photos.store(data);
  }

  /** Removes photo files once the rows that named them are gone (after the commit). */
  async removePhotoFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.photos.remove(key);
  }

  async photoFile(user: BoardOwner, id: number): Promise<{ root: string; key: string }> {
    const contact = await this.findVisible(user, id);
    if (!contact.photoKey) throw new NotFoundException({ errors: ['This contact has no photo.'] });
    return this.photos.locate(contact.photoKey);
  }
}
