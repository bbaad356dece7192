import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Tier } from '../tiers/tier.entity';
import { User } from '../users/user.entity';
import type { ContactFieldProperties } from './contact-field-values';

/**
 * A person: a card on the board (`onBoard`, in the column `tier`), or in the network (no column; no
 * due state; PRODUCT.md "Network and board"). The spec's `column_order` is the tier's position,
 * derived on read so it can never drift. Cards in a column are ordered by `verticalOrder` descending.
 * Its editable fields are the contracts' `CONTACT_FIELDS`, one column each (`ContactFieldProperties`).
 */
@Entity({ tableName: 'contacts' })
@Index({ properties: ['user', 'tier', 'verticalOrder'] })
@Index({ properties: ['user', 'createdAt'] })
/** Today and the bell: one user's cards by due date. */
@Index({ properties: ['user', 'nextFollowUpOn'] })
/**
 * Duplicates by LinkedIn profile (add contact, the extension's by-linkedin, an import): one user's
 * people by their stored canonical address. Not unique: people saved before the rule, or edited to
 * the same address, may share one; the service answers the first (a card on the board first).
 */
@Index({
  name: 'contacts_linked_in_key_index',
  expression:
    'create index "contacts_linked_in_key_index" on "contacts" ("user_id", "linked_in_key") where "linked_in_key" is not null',
})
/** Duplicates by email, case folded (`lower(email) = ?`), like the LinkedIn key: one user's people. */
@Index({
  name: 'contacts_email_index',
  expression: 'create index "contacts_email_index" on "contacts" ("user_id", lower("email")) where "email" is not null',
})
/** The network's search (GET /api/network): trigrams of the folded text, network people only. */
@Index({
  name: 'contacts_network_search_index',
  expression:
    'create index "contacts_network_search_index" on "contacts" using gin ("search_text" gin_trgm_ops) where not "on_board"',
})
/** The network's pages: one user's people off the board. */
@Index({
  name: 'contacts_network_index',
  expression:
    'create index "contacts_network_index" on "contacts" ("user_id", "date_connected", "id") where not "on_board"',
})
/** A person on the board has a column; a person in the network has none. */
@Check({ name: 'contacts_on_board_check', expression: 'on_board = (tier_id is not null)' })
export class Contact implements ContactFieldProperties {
  [OptionalProps]?:
    | 'title'
    | 'company'
    | 'linkedIn'
    | 'linkedInKey'
    | 'email'
    | 'phoneNumber'
    | 'connectionDescription'
    | 'dateConnected'
    | 'photoKey'
    | 'cadenceDays'
    | 'scheduledOn'
    | 'scheduledAt'
    | 'lastContactedOn'
    | 'nextFollowUpOn'
    | 'followUpViewedOn'
    | 'followUpRemindedOn'
    | 'verticalOrder'
    | 'onBoard'
    | 'tier'
    | 'searchText'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /**
   * A column with cards cannot be deleted: the database enforces the spec's rule. NO ACTION (checked
   * at the end of the statement) rather than RESTRICT, so deleting a user cascades cleanly. Null in
   * the network, so a person there never blocks deleting a column.
   */
  @ManyToOne(() => Tier, { ref: true, deleteRule: 'no action', nullable: true })
  tier: Ref<Tier> | null = null;

  /** On the board (a card) or in the network; the check constraint keeps it in step with `tier`. */
  @Property({ type: 'boolean', default: true })
  onBoard: boolean = true;

  /**
   * Name, title, company and email folded by @tend/contracts' `contactSearchText`: written by the app
   * with every write of those fields (`writeFields`, the import's insert), read by the network search.
   */
  @Property({ type: 'text', default: '' })
  searchText: string = '';

  @Property({ type: 'integer', default: 0 })
  verticalOrder: number = 0;

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 120, nullable: true })
  title: string | null = null;

  @Property({ type: 'string', length: 120, nullable: true })
  company: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  linkedIn: string | null = null;

  /**
   * `linkedIn` in @tend/contracts' `canonicalLinkedInUrl` form (null: none, or not a profile
   * address): written by the app with every write of `linkedIn` (`writeFields`, the import's
   * insert), read by every duplicate check, so a check never canonicalises the user's addresses.
   */
  @Property({ type: 'text', nullable: true })
  linkedInKey: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  phoneNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  connectionDescription: string | null = null;

  @Property({ type: 'date', nullable: true })
  dateConnected: string | null = null;

  /** File name under STORAGE_DIR/photos (random, never user-chosen). */
  @Property({ type: 'string', length: 80, nullable: true })
  photoKey: string | null = null;

  // ── The daily loop (PRODUCT.md, "The daily loop"); only modules/board/board-follow-ups.ts writes
  // `lastContactedOn` and `nextFollowUpOn`, from the rule in @tend/contracts' follow-up.ts. ──

  /** The card's own cadence in days, overriding its column's (null: the column's). */
  @Property({ type: 'integer', nullable: true })
  @Check({ name: 'contacts_cadence_days_check', expression: 'cadence_days >= 1 and cadence_days <= 365' })
  cadenceDays: number | null = null;

  /**
   * The day (the user's calendar) the card entered its column: made there, or moved there. The app
   * always writes it (the board module); the database's default only serves rows written by hand.
   */
  @Property({ type: 'date', defaultRaw: 'current_date' })
  columnEnteredOn!: string;

  /** The last Snooze, Reschedule or "Schedule follow-up": its date (null: it cleared the date). */
  @Property({ type: 'date', nullable: true })
  scheduledOn: string | null = null;

  /** When that last schedule was made (null: never). */
  @Property({ type: 'datetime', nullable: true })
  scheduledAt: Date | null = null;

  /** Stored: the latest date contacted of its interactions. */
  @Property({ type: 'date', nullable: true })
  lastContactedOn: string | null = null;

  /** Stored: the rule's result, rewritten whenever one of its inputs changes. */
  @Property({ type: 'date', nullable: true })
  nextFollowUpOn: string | null = null;

  /** The bell's `viewed`: the follow-up date that was viewed (a new date is unread again). */
  @Property({ type: 'date', nullable: true })
  followUpViewedOn: string | null = null;

  /** The follow-up date a reminder email covered (a new date is reminded again). */
  @Property({ type: 'date', nullable: true })
  followUpRemindedOn: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
