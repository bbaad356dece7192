import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  FREE_PLAN_CARD_LIMIT,
  FREE_PLAN_LIMIT_MESSAGE,
  type CreateContactRequest,
  type UpdateContactRequest,
} from '@tend/contracts';
import { TiersService } from '../tiers/tiers.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { BoardCache, type BoardSnapshot } from './board-cache';
import { Contact } from './contact.entity';
import { ContactMovesService, CONTACT_NOT_FOUND_MESSAGE } from './contact-moves.service';
import { ContactPhotosService } from './contact-photos.service';
import { contactsJsonQuery } from './contact-queries';
import type { SignedInUser } from '../users/signed-in-user-cache';

type EditableFields = Omit<CreateContactRequest, 'tier_id' | 'column_order' | 'vertical_order' | 'user_id'>;

function applyFields(contact: Contact, fields: Partial<EditableFields>): void {
  if (fields.name !== undefined) contact.name = fields.name;
  if (fields.title !== undefined) contact.title = fields.title;
  if (fields.company !== undefined) contact.company = fields.company;
  if (fields.linked_in !== undefined) contact.linkedIn = fields.linked_in;
  if (fields.email !== undefined) contact.email = fields.email;
  if (fields.phone_number !== undefined) contact.phoneNumber = fields.phone_number;
  if (fields.connection_description !== undefined) contact.connectionDescription = fields.connection_description;
  if (fields.date_connected !== undefined) contact.dateConnected = fields.date_connected;
}

/** Contact cards: owner-scoped CRUD and the free plan's 25-card rules. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tiers: TiersService,
    private readonly moves: ContactMovesService,
    private readonly photos: ContactPhotosService,
    private readonly users: UsersService,
    private readonly cache: BoardCache,
  ) {}

  private isLimited(user: SignedInUser): boolean {
    return user.plan !== 'premium';
  }

  /** The board's list, serialized once per board version: everything for premium, the 25 newest for a free plan. */
  board(user: SignedInUser): Promise<BoardSnapshot> {
    const limited = this.isLimited(user);
    return this.cache.get(`${user.id}:${user.boardVersion}:${limited ? 'free' : 'all'}`, async () => {
      const [row] = await this.em.execute<{ json: string }[]>(
        contactsJsonQuery({ limited, tierFilter: false }),
        limited ? [user.id, user.id, FREE_PLAN_CARD_LIMIT] : [user.id],
      );
      return row?.json ?? '[]';
    });
  }

  /** An owned contact that the user can see (a hidden free-plan card answers 404 like a stranger's). */
  async findVisible(user: SignedInUser, id: number): Promise<Contact> {
    const contact = await this.em.findOne(Contact, { id, user: user.id }, { populate: ['tier'] });
    if (!contact) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    if (this.isLimited(user)) {
      const newer = await this.em.count(Contact, {
        user: user.id,
        $or: [{ createdAt: { $gt: contact.createdAt } }, { createdAt: contact.createdAt, id: { $gt: contact.id } }],
      });
      if (newer >= FREE_PLAN_CARD_LIMIT) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    }
    return contact;
  }

  private assertOwnUserId(userId: number | undefined, user: SignedInUser): void {
    if (userId !== undefined && userId !== user.id) {
      throw new BadRequestException({ errors: ['user_id must be your own id.'] });
    }
  }

  /** Adds a card at the top of its column; a free plan refuses a 26th card. */
  async create(user: SignedInUser, request: CreateContactRequest): Promise<Contact> {
    this.assertOwnUserId(request.user_id, user);
    return this.users.writeBoard(user.id, async (em) => {
      // Takes the user's row lock: one create at a time, so two cannot both take the 25th place.
      if (this.isLimited(user) && (await em.count(Contact, { user: user.id })) >= FREE_PLAN_CARD_LIMIT) {
        throw new ForbiddenException({ errors: [FREE_PLAN_LIMIT_MESSAGE] });
      }
      const tier =
        request.tier_id !== undefined
          ? await this.tiers.findOwned(user.id, request.tier_id)
          : await this.tiers.findByPositionOrFirst(user.id, request.column_order);
      // The column's lock, as every writer of its orders takes (see ContactMovesService).
      await this.tiers.lockColumns(user.id, [tier.id]);
      const [{ top } = { top: null }] = await em.execute<{ top: number | null }[]>(
        'select max(vertical_order) as top from contacts where tier_id = ?',
        [tier.id],
      );
      const contact = em.create(Contact, {
        user: em.getReference(User, user.id),
        tier,
        name: request.name,
        verticalOrder: (top ?? -1) + 1,
      });
      applyFields(contact, request);
      await em.persist(contact).flush();
      return contact;
    });
  }

  /**
   * Edits fields, and follows the spec's client where it changes column through PATCH
   * (`tier_id`, or a legacy `column_order`) or order (`vertical_order`): that becomes a move.
   */
  async update(user: SignedInUser, id: number, request: UpdateContactRequest, photo?: Buffer): Promise<Contact> {
    this.assertOwnUserId(request.user_id, user);
    if (request.id !== undefined && request.id !== id) {
      throw new BadRequestException({ errors: ['The id in the body does not match the address.'] });
    }
    const contact = await this.findVisible(user, id);
    const oldPhoto = contact.photoKey;
    const newPhoto = photo ? await this.photos.store(photo) : null;
    await this.users.writeBoard(user.id, async () => {
      applyFields(contact, request);
      if (newPhoto) contact.photoKey = newPhoto;
      await this.em.flush();
    });
    if (newPhoto && oldPhoto) await this.photos.remove(oldPhoto);

    const currentTier = contact.tier.getEntity();
    const targetTier =
      request.tier_id !== undefined
        ? await this.tiers.findOwned(user.id, request.tier_id)
        : request.column_order !== undefined && request.column_order !== currentTier.position
          ? await this.tiers.findByPositionOrFirst(user.id, request.column_order)
          : null;
    if (targetTier && targetTier.id !== currentTier.id) {
      await this.moves.move(user, id, targetTier.id, 0);
    } else if (request.vertical_order !== undefined && request.vertical_order !== contact.verticalOrder) {
      const [{ count } = { count: 0 }] = await this.em.execute<{ count: number }[]>(
        'select count(*)::int as count from contacts where tier_id = ?',
        [currentTier.id],
      );
      await this.moves.move(user, id, currentTier.id, Math.max(0, count - 1 - request.vertical_order));
    } else {
      return contact;
    }
    await this.em.refresh(contact, { populate: ['tier'] });
    return contact;
  }

  async delete(user: SignedInUser, id: number): Promise<void> {
    const contact = await this.findVisible(user, id);
    const photo = contact.photoKey;
    await this.users.writeBoard(user.id, async () => {
      await this.em.remove(contact).flush();
    });
    await this.photos.remove(photo);
  }

  /** The photo files of every card of a user (an account being deleted takes them along). */
  async photoKeysOf(userId: number): Promise<string[]> {
    const rows = await this.em.find(Contact, { user: userId, photoKey: { $ne: null } }, { fields: ['photoKey'] });
    return rows.map((row) => row.photoKey).filter((key): key is string => key !== null);
  }

  /** Removes photo files once the rows that named them are gone (after the commit). */
  async removePhotoFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.photos.remove(key);
  }

  async photoFile(user: SignedInUser, id: number): Promise<{ root: string; key: string }> {
    const contact = await this.findVisible(user, id);
    if (!contact.photoKey) throw new NotFoundException({ errors: ['This contact has no photo.'] });
    return this.photos.locate(contact.photoKey);
  }
}
