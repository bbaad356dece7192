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
  boardRoomMessage,
  canonicalLinkedInUrl,
  CONTACT_FIELDS,
  contactSearchText,
  DATE_CONTACTED_IN_FUTURE_MESSAGE,
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_EMAIL_NETWORK_MESSAGE,
  DUPLICATE_LINKEDIN_MESSAGE,
  DUPLICATE_LINKEDIN_NETWORK_MESSAGE,
  FOLLOW_UP_DATE_RANGE_MESSAGE,
  freePlanLimitMessage,
  SNOOZE_MAX_DAYS,
  type Contact as ContactResponse,
  type ContactFieldKey,
  type BulkContactsRequest,
  type ContactFieldKind,
  type CreateContactRequest,
  type LinkedInMatchResponse,
} from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { CONTACT_NOT_FOUND_MESSAGE } from '../board/board.errors';
import { BoardService, type BoardChange, type BoardOwner } from '../board/board.service';
import { logInteraction } from '../interactions/interaction-writes';
import { TiersService } from '../tiers/tiers.service';
import { Contact } from './contact.entity';
import { ContactPhotosService } from './contact-photos.service';
import { writeFields } from './contact-field-values';
import { photoUrlOf, toContactResponse } from './contacts.mapper';

export { CONTACT_NOT_FOUND_MESSAGE };

export const NETWORK_FOLLOW_UP_MESSAGE =
  'Someone in your network has no follow-up: put them on the board to choose one (leave next_follow_up_on out).';

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
export type NewCard = ContactFields & {
  name: string;
  photoKey?: string;
  /** An import's row that goes into the network whatever the destination (a Tend export's network row). */
  toNetwork?: boolean;
};

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
 * `insertCards`' and `insertNetwork`'s statement: every contact field's column (a field's key is its
 * column) and the search text, from one JSON array of the people, in their order, so the ids come
 * back first person first (bindings: user, column or null, on board, entered on, next follow-up, the array).
 */
const INSERT_CARDS = (() => {
  const fields = CONTACT_FIELDS.map((field) => field.key);
  return `insert into contacts (user_id, tier_id, on_board, column_entered_on, next_follow_up_on, vertical_order, photo_key, search_text, ${fields.join(', ')})
    select ?, ?::int, ?::boolean, ?::date, ?::date, c.vertical_order, c.photo_key, c.search_text, ${fields.map((key) => `c.${key}`).join(', ')}
      from jsonb_to_recordset(?::jsonb) as c(n int, vertical_order int, photo_key text, search_text text, ${CONTACT_FIELDS.map(
        (field) => `${field.key} ${RECORD_TYPE[field.kind]}`,
      ).join(', ')})
     order by c.n
    returning id`;
})();

/** One person of `INSERT_CARDS`' JSON array: its fields, its order and its folded search text. */
function insertRow(card: NewCard, n: number, verticalOrder: number): Record<string, unknown> {
  return {
    n,
    vertical_order: verticalOrder,
    photo_key: card.photoKey ?? null,
    search_text: contactSearchText(card),
    ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field.key, card[field.key] ?? null])),
  };
}

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
   * Adds a card at the top of its column, or a person to the network (`on_board: false`: no column,
   * never refused by the allowance), with its photo when one is given (checked and re-encoded
   * first). Someone already the user's, on the board or in the network (the same canonical LinkedIn
   * address, or the same email; PRODUCT.md "Network and board"), is refused with 409 saying where,
   * with their id, before the plan's allowance is looked at: opening that person is the answer
   * either way. A limited plan refuses a card past its allowance (403). Both checks run under the
   * board's write lock, so two saves of one profile make one person.
   */
  async create(user: BoardOwner, request: CreateContactRequest, photo?: Buffer): Promise<Contact> {
    const {
      on_board: onBoard = true,
      first_interaction: firstInteraction,
      next_follow_up_on: followUpOn,
      ...fields
    } = request;
    this.checkFirstFollowUp(user, firstInteraction, followUpOn, onBoard);
    const column =
      fields.tier_id !== undefined ? { id: fields.tier_id } : { position: fields.column_order ?? undefined };
    const canonical = fields.linked_in ? canonicalLinkedInUrl(fields.linked_in) : null;
    const photoKey = photo ? await this.photos.store(photo) : null;
    try {
      const created = await this.board.change(user, async (change) => {
        const byUrl = canonical ? await this.linkedInMatch(user, canonical, change.em) : null;
        if (byUrl) {
          throw new ConflictException({
            errors: [byUrl.on_board ? DUPLICATE_LINKEDIN_MESSAGE : DUPLICATE_LINKEDIN_NETWORK_MESSAGE],
            contact_id: byUrl.id,
          });
        }
        const byEmail = fields.email ? await this.emailMatch(user, fields.email, change.em) : null;
        if (byEmail) {
          throw new ConflictException({
            errors: [byEmail.on_board ? DUPLICATE_EMAIL_MESSAGE : DUPLICATE_EMAIL_NETWORK_MESSAGE],
            contact_id: byEmail.id,
          });
        }
        let contact: Contact | undefined;
        if (!onBoard) {
          contact = change.em.create(Contact, {
            user: user.id,
            tier: null,
            onBoard: false,
            name: fields.name,
            columnEnteredOn: change.today,
          });
          writeFields(contact, fields);
          change.em.persist(contact);
        } else {
          [contact] = (await this.addCards(change, column, [fields])).created;
        }
        if (!contact) throw new ForbiddenException({ errors: [freePlanLimitMessage(this.board.cardLimit(user) ?? 0)] });
        if (photoKey) contact.photoKey = photoKey;
        // The first follow-up as an explicit date: the first note's next-contact date when there is
        // a note (as the interaction form sets it), else a schedule (as Snooze sets it).
        if (followUpOn && !firstInteraction) {
          contact.scheduledOn = followUpOn;
          contact.scheduledAt = this.clock.now();
        }
        await change.em.flush();
        if (firstInteraction) {
          await logInteraction(
            change,
            {
              contactId: contact.id,
              dateContacted: firstInteraction.date_contacted ?? change.today,
              contactMethod: firstInteraction.contact_method,
              notes: firstInteraction.notes,
              nextContactDate: followUpOn ?? null,
            },
            this.clock.now(),
          );
        } else if (followUpOn) {
          await change.followUpsChanged({ contactIds: [contact.id] });
        }
        return contact;
      });
      // The rule wrote the follow-up state in SQL: read the card as it is now.
      return firstInteraction || followUpOn ? await this.findVisible(user, created.id, { fresh: true }) : created;
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
   * It comes with its column and follow-up state (the extension's popup shows them).
   */
  async linkedInMatch(
    user: BoardOwner,
    canonical: string,
    em: EntityManager = this.em,
  ): Promise<LinkedInMatchResponse | null> {
    // The column's name comes with the card (read-only, in the board's own join) for the popup.
    const rows = await em.execute<(LinkedInMatchResponse & { linked_in: string })[]>(
      `select c.id, c.name, c.linked_in, c.on_board, c.tier_id, t.name as tier_name,
              to_char(c.last_contacted_on, 'YYYY-MM-DD') as last_contacted_on,
              to_char(c.next_follow_up_on, 'YYYY-MM-DD') as next_follow_up_on
         from contacts c left join tiers t on t.id = c.tier_id
        where c.user_id = ? and c.linked_in is not null and c.linked_in ilike '%linkedin.%'
        order by c.on_board desc, c.created_at desc, c.id desc`,
      [user.id],
    );
    const matches = rows.filter((row) => canonicalLinkedInUrl(row.linked_in) === canonical);
    if (matches.length === 0) return null;
    const hidden = await this.board.hiddenIds(user, em);
    const match = matches.find((row) => !hidden.has(row.id));
    if (!match) return null;
    const { linked_in: _linkedIn, ...answer } = match;
    return answer;
  }

  /**
   * The limit modal's choice after a Premium plan ended: the cards hidden past the free allowance
   * (the oldest) go into the network, under the board's lock; answers how many moved.
   */
  hiddenToNetwork(user: BoardOwner): Promise<number> {
    return this.board.change(user, async (change) => {
      const hidden = [...(await this.board.hiddenIds(user, change.em))];
      await change.toNetwork(hidden);
      return hidden.length;
    });
  }

  /**
   * The user's person with this email (case folded), on the board or in the network: a card on the
   * board first; a card hidden past a limited plan's allowance is left out.
   */
  async emailMatch(
    user: BoardOwner,
    email: string,
    em: EntityManager = this.em,
  ): Promise<{ id: number; on_board: boolean } | null> {
    const rows = await em.execute<{ id: number; on_board: boolean }[]>(
      `select id, on_board from contacts where user_id = ? and lower(email) = ? order by on_board desc, created_at desc, id desc`,
      [user.id, email.trim().toLowerCase()],
    );
    if (rows.length === 0) return null;
    const hidden = await this.board.hiddenIds(user, em);
    return rows.find((row) => !hidden.has(row.id)) ?? null;
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
        const rows = placed.map(({ card, verticalOrder }, index) => insertRow(card, index, verticalOrder));
        const inserted = await em.execute<{ id: number }[]>(INSERT_CARDS, [
          owner.id,
          tier.id,
          true,
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
   * Adds people to the network inside a board change (an import's people beyond the board's room,
   * or all of them): no column, no due state, never limited by the plan; one insert whatever their
   * number. Answers the ids in the order given.
   */
  async insertNetwork(change: BoardChange, cards: readonly NewCard[]): Promise<number[]> {
    if (cards.length === 0) return [];
    const rows = cards.map((card, index) => insertRow(card, index, 0));
    const inserted = await change.em.execute<{ id: number }[]>(INSERT_CARDS, [
      change.owner.id,
      null,
      false,
      change.today,
      null,
      JSON.stringify(rows),
    ]);
    return inserted.map((row) => row.id);
  }

  /**
   * Moves people between the board and the network, all or nothing, under the board's write lock
   * (the same as `create`'s, so two tabs can never make a 26th card): an id that is not the
   * caller's is 404 and nothing changes; `to_board` puts the people from the network at the top of
   * the column in the order given and is refused (403, saying how many fit) when the plan has less
   * room than that (people already on the board stay where they are and need none); `to_network`
   * takes cards off the board (hidden ones too: the limit modal's choice). Answers the people it
   * moved, as they are now, in the order given.
   */
  async bulk(user: BoardOwner, request: BulkContactsRequest): Promise<Contact[]> {
    const ids = [...new Set(request.ids)];
    const moved = await this.board.change(user, async (change) => {
      const places = await change.placesOf(ids);
      if (places.size !== ids.length) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
      if (request.action === 'to_network') {
        const leaving = ids.filter((id) => places.get(id) === true);
        await change.toNetwork(leaving);
        return leaving;
      }
      const column = await this.tiers.findOwned(user.id, request.tier_id ?? 0, change.em);
      const coming = ids.filter((id) => places.get(id) === false);
      const room = await change.room();
      if (coming.length > room) throw new ForbiddenException({ errors: [boardRoomMessage(room, coming.length)] });
      await change.toBoard(column, coming);
      return coming;
    });
    if (moved.length === 0) return [];
    const people = await this.em.find(
      Contact,
      { user: user.id, id: { $in: moved } },
      { populate: ['tier'], refresh: true },
    );
    const byId = new Map(people.map((person) => [person.id, person]));
    return moved.flatMap((id) => byId.get(id) ?? []);
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

  /**
   * A new person's first note is not dated after today, and a card's first follow-up is today to a
   * year ahead; someone saved to the network has no follow-up (400).
   */
  private checkFirstFollowUp(
    user: BoardOwner,
    firstInteraction: CreateContactRequest['first_interaction'],
    followUpOn: string | undefined,
    onBoard: boolean,
  ): void {
    if (firstInteraction?.date_contacted && firstInteraction.date_contacted > this.clock.today(user)) {
      throw new BadRequestException({ errors: [DATE_CONTACTED_IN_FUTURE_MESSAGE] });
    }
    if (followUpOn && !onBoard) throw new BadRequestException({ errors: [NETWORK_FOLLOW_UP_MESSAGE] });
    if (followUpOn) this.checkFollowUpDate(user, followUpOn, FOLLOW_UP_DATE_RANGE_MESSAGE);
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
