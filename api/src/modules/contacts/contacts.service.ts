import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  canonicalLinkedInUrl,
  DUPLICATE_LINKEDIN_MESSAGE,
  freePlanLimitMessage,
  type CreateContactRequest,
} from '@tend/contracts';
import { CONTACT_NOT_FOUND_MESSAGE } from '../board/board.errors';
import { BoardService, type BoardOwner } from '../board/board.service';
import { TiersService } from '../tiers/tiers.service';
import { User } from '../users/user.entity';
import { Contact } from './contact.entity';
import { ContactPhotosService } from './contact-photos.service';
import { photoUrlOf } from './contacts.mapper';

export { CONTACT_NOT_FOUND_MESSAGE };

/** The fields of a card a person edits (its place on the board is the board module's business). */
export type ContactFields = Partial<
  Omit<CreateContactRequest, 'tier_id' | 'column_order' | 'vertical_order' | 'user_id'>
>;

/** A card as other modules show it (a notification, a reminder email, an AI prompt). */
export interface ContactSummary {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  email: string | null;
  photoUrl: string | null;
}

/**
 * The card fields as one new card needs them (an import passes many at once), and a photo already
 * checked and stored by `storePhoto` (an imported vCard's).
 */
export type NewCard = ContactFields & { name: string; photoKey?: string };

function applyFields(contact: Contact, fields: ContactFields): void {
  if (fields.name !== undefined) contact.name = fields.name;
  if (fields.title !== undefined) contact.title = fields.title;
  if (fields.company !== undefined) contact.company = fields.company;
  if (fields.linked_in !== undefined) contact.linkedIn = fields.linked_in;
  if (fields.email !== undefined) contact.email = fields.email;
  if (fields.phone_number !== undefined) contact.phoneNumber = fields.phone_number;
  if (fields.connection_description !== undefined) contact.connectionDescription = fields.connection_description;
  if (fields.date_connected !== undefined) contact.dateConnected = fields.date_connected;
}

/** Contact cards: owner-scoped CRUD and the free plan's allowance. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tiers: TiersService,
    private readonly photos: ContactPhotosService,
    private readonly board: BoardService,
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

  /** Whether a card of the user's (its id and creation time, read by the caller) is in sight on their plan. */
  async isVisible(user: BoardOwner, card: { id: number; createdAt: Date }): Promise<boolean> {
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
      return await this.board.write(user.id, async (em) => {
        const existing = canonical ? await this.linkedInMatch(user, canonical, em) : null;
        if (existing) {
          throw new ConflictException({ errors: [DUPLICATE_LINKEDIN_MESSAGE], contact_id: existing.id });
        }
        const {
          created: [contact],
        } = await this.addCards(em, user, column, [request]);
        if (!contact) throw new ForbiddenException({ errors: [freePlanLimitMessage(this.board.cardLimit(user) ?? 0)] });
        if (photoKey) {
          contact.photoKey = photoKey;
          await em.flush();
        }
        return contact;
      });
    } catch (error) {
      await this.photos.remove(photoKey);
      throw error;
    }
  }

  /**
   * The user's visible card for a LinkedIn profile (`canonical` is `canonicalLinkedInUrl`'s form):
   * stored addresses are compared in that form too, so `linkedin.com/in/Jane/?trk=x` finds the card
   * saved as `https://uk.linkedin.com/in/jane`. The newest such card when there are several.
   */
  async linkedInMatch(
    user: BoardOwner,
    canonical: string,
    em: EntityManager = this.em,
  ): Promise<{ id: number; name: string } | null> {
    const rows = await em.execute<{ id: number; name: string; linked_in: string }[]>(
      `select id, name, linked_in from contacts
        where user_id = ? and linked_in is not null and linked_in ilike '%linkedin.%'
        order by created_at desc, id desc`,
      [user.id],
    );
    const matches = rows.filter((row) => canonicalLinkedInUrl(row.linked_in) === canonical);
    if (matches.length === 0) return null;
    const visible = await this.visibleIds(user);
    const match = visible ? matches.find((row) => visible.includes(row.id)) : matches[0];
    return match ? { id: match.id, name: match.name } : null;
  }

  /**
   * Adds cards at the top of one column, the first one on top, in one board write (one lock, one
   * insert), whatever their number. A limited plan takes as many as its allowance leaves room for:
   * with `allOrNothing` a batch that does not fit is refused (403) instead.
   */
  createMany(
    user: BoardOwner,
    column: { id: number } | { position: number | undefined },
    cards: readonly NewCard[],
    { allOrNothing = false } = {},
  ): Promise<Contact[]> {
    return this.board.write(user.id, async (em) => {
      const { created, room } = await this.addCards(em, user, column, cards);
      if (room < cards.length && (allOrNothing || room === 0)) {
        throw new ForbiddenException({ errors: [freePlanLimitMessage(this.board.cardLimit(user) ?? 0)] });
      }
      return created;
    });
  }

  /**
   * The body of `createMany` for a caller that holds the board write already (`em` is its
   * transaction): adds as many of `cards` as the plan has room for and says how much room there was.
   * Adds nothing when the room does not cover all of them and the caller means to refuse.
   */
  async addCards(
    em: EntityManager,
    user: BoardOwner,
    column: { id: number } | { position: number | undefined },
    cards: readonly NewCard[],
  ): Promise<{ created: Contact[]; room: number }> {
    const { room, tier, placed } = await this.placeCards(em, user, column, cards);
    if (!tier) return { created: [], room };
    const contacts = placed.map(({ card, verticalOrder }) => {
      const contact = em.create(Contact, {
        user: em.getReference(User, user.id),
        tier,
        name: card.name,
        verticalOrder,
      });
      applyFields(contact, card);
      if (card.photoKey) contact.photoKey = card.photoKey;
      return contact;
    });
    await em.persist(contacts).flush();
    return { created: contacts, room };
  }

  /**
   * `addCards` for a caller that needs only the new cards' ids (an import's batch of 1,000): the
   * same room, column lock and orders, written by one `insert ... select` from a JSON parameter
   * rather than through the unit of work, which spent more on 1,000 entities than the rest of the
   * batch together. Answers the ids, the first card's (on top) first.
   */
  async insertCards(
    em: EntityManager,
    user: BoardOwner,
    column: { id: number },
    cards: readonly NewCard[],
  ): Promise<{ ids: number[]; room: number }> {
    const { room, tier, placed } = await this.placeCards(em, user, column, cards);
    if (!tier) return { ids: [], room };
    const rows = await em.execute<{ id: number }[]>(
      `insert into contacts (user_id, tier_id, vertical_order, name, title, company, linked_in, email, phone_number,
                             connection_description, date_connected, photo_key)
       select ?, ?, c.vertical_order, c.name, c.title, c.company, c.linked_in, c.email, c.phone_number,
              c.connection_description, c.date_connected, c.photo_key
         from jsonb_to_recordset(?::jsonb) as c(n int, vertical_order int, name text, title text, company text,
              linked_in text, email text, phone_number text, connection_description text, date_connected date,
              photo_key text)
        order by c.n
       returning id`,
      [
        user.id,
        tier.id,
        JSON.stringify(
          placed.map(({ card, verticalOrder }, index) => ({
            n: index,
            vertical_order: verticalOrder,
            name: card.name,
            title: card.title ?? null,
            company: card.company ?? null,
            linked_in: card.linked_in ?? null,
            email: card.email ?? null,
            phone_number: card.phone_number ?? null,
            connection_description: card.connection_description ?? null,
            date_connected: card.date_connected ?? null,
            photo_key: card.photoKey ?? null,
          })),
        ),
      ],
    );
    return { ids: rows.map((row) => row.id), room };
  }

  /**
   * Where new cards go: the plan's room; when there is some, the column (locked) and, for as many
   * cards as fit, their orders at its top, the first card on top.
   */
  private async placeCards(
    em: EntityManager,
    user: BoardOwner,
    column: { id: number } | { position: number | undefined },
    cards: readonly NewCard[],
  ): Promise<{
    room: number;
    tier: Awaited<ReturnType<TiersService['findOwned']>> | null;
    placed: { card: NewCard; verticalOrder: number }[];
  }> {
    const limit = this.board.cardLimit(user);
    const room = limit === null ? cards.length : Math.max(0, limit - (await this.board.cardCount(em, user.id)));
    if (room === 0 || cards.length === 0) return { room, tier: null, placed: [] };
    const tier =
      'id' in column
        ? await this.tiers.findOwned(user.id, column.id, em)
        : await this.tiers.findByPositionOrFirst(user.id, column.position, em);
    // The column's lock, as every writer of its orders takes (see BoardService).
    await this.board.lockColumns(em, user.id, [tier.id]);
    const top = await this.board.topOrder(em, tier.id);
    const taken = cards.slice(0, room);
    return {
      room,
      tier,
      placed: taken.map((card, index) => ({ card, verticalOrder: top + taken.length - 1 - index })),
    };
  }

  /**
   * Sets the given fields of many of a user's cards inside a board write (`em`): one read and one
   * batched update whatever their number. Fields left out keep their value.
   */
  async updateCards(
    em: EntityManager,
    userId: number,
    changes: readonly { id: number; fields: ContactFields }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const cards = await em.find(Contact, { user: userId, id: { $in: changes.map((c) => c.id) } });
    const byId = new Map(cards.map((card) => [card.id, card]));
    for (const change of changes) {
      const card = byId.get(change.id);
      if (card) applyFields(card, change.fields);
    }
    await em.flush();
  }

  /** Every card of a user that has a LinkedIn URL or an email: what an import matches people against. */
  keyedCards(
    em: EntityManager,
    userId: number,
  ): Promise<{ id: number; linked_in: string | null; email: string | null }[]> {
    return this.board.keyedCards(em, userId);
  }

  /** Every card of a user, board order (column, then top to bottom), with its column's name: for an export. */
  allCards(userId: number): Promise<Contact[]> {
    return this.em.find(
      Contact,
      { user: userId },
      { populate: ['tier'], orderBy: [{ tier: { position: 'asc' } }, { verticalOrder: 'desc' }, { id: 'asc' }] },
    );
  }

  /** Edits a card's fields and, optionally, its photo (a new file; the old one goes after the commit). */
  async update(user: BoardOwner, id: number, fields: ContactFields, photo?: Buffer): Promise<Contact> {
    await this.findVisible(user, id);
    const newPhoto = photo ? await this.photos.store(photo) : null;
    const { contact, oldPhoto } = await this.board.write(user.id, async (em) => {
      const card = await em.findOneOrFail(Contact, { id, user: user.id }, { populate: ['tier'] });
      const previous = card.photoKey;
      applyFields(card, fields);
      if (newPhoto) card.photoKey = newPhoto;
      await em.flush();
      return { contact: card, oldPhoto: previous };
    });
    if (newPhoto && oldPhoto) await this.photos.remove(oldPhoto);
    return contact;
  }

  async delete(user: BoardOwner, id: number): Promise<void> {
    await this.findVisible(user, id);
    const photo = await this.board.write(user.id, async (em) => {
      const contact = await em.findOneOrFail(Contact, { id, user: user.id });
      const key = contact.photoKey;
      await em.remove(contact).flush();
      return key;
    });
    await this.photos.remove(photo);
  }

  /** The ids of the cards the user can see; null when that is all of them. */
  visibleIds(user: BoardOwner): Promise<number[] | null> {
    return this.board.visibleIds(user);
  }

  /** Name, title, company and photo of the given cards that the user can see (others are left out). */
  async summaries(user: BoardOwner, ids: readonly number[]): Promise<ContactSummary[]> {
    if (ids.length === 0) return [];
    const visible = await this.visibleIds(user);
    const wanted = visible ? ids.filter((id) => visible.includes(id)) : [...ids];
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
