import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { OpenOnScreen, Plan, ReminderPeriod } from '@tend/contracts';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'emailVerified'
    | 'desiredEmail'
    | 'plan'
    | 'freeTrial'
    | 'premiumExpiryDate'
    | 'paymentIssue'
    | 'stripeId'
    | 'timeZone'
    | 'reminderEmails'
    | 'dailyGoal'
    | 'openOn'
    | 'reminderPeriod'
    | 'reminderWeekday'
    | 'reminderHour'
    | 'createdAt'
    | 'updatedAt'
    | 'passwordChangedAt'
    | 'boardVersion';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Always stored lower-cased. */
  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 255, hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'boolean', default: false })
  emailVerified: boolean = false;

  /** A new address waiting for confirmation; the account keeps `email` until then. */
  @Index()
  @Property({ type: 'string', length: 254, nullable: true })
  desiredEmail: string | null = null;

  /** Null until the user picks a plan on the plan selection screen. */
  @Enum({ items: ['free', 'premium'], nullable: true })
  plan: Plan | null = null;

  /** True when premium lapsed: the board asks the user to keep 25 cards or upgrade. */
  @Property({ type: 'boolean', default: false })
  freeTrial: boolean = false;

  /**
   * Premium lasts until this moment (the end of the period Stripe was paid for); the expiry task
   * downgrades once it has passed and no subscription renews. Set only by billing.
   */
  @Index()
  @Property({ type: 'datetime', nullable: true })
  premiumExpiryDate: Date | null = null;

  /** Stripe could not charge the latest invoice: the board shows the payment banner. */
  @Property({ type: 'boolean', default: false })
  paymentIssue: boolean = false;

  /** The user's Stripe customer (made at the first checkout). */
  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  stripeId: string | null = null;

  @Property({ type: 'string', length: 64, default: 'UTC' })
  timeZone: string = 'UTC';

  /** Daily reminder emails for due follow-ups ('Email me follow-up reminders'; default on). */
  @Property({ type: 'boolean', default: true })
  reminderEmails: boolean = true;

  /** Follow-ups a day the Today page counts towards (Settings, 1 to 20). */
  @Property({ type: 'smallint', default: 3 })
  dailyGoal: number = 3;

  /** 'Open Tend on' in Settings: the screen a signed-in visit starts on. */
  @Property({ type: 'text', default: 'board' })
  openOn: OpenOnScreen = 'board';

  /** The reminder digest's period (when `reminderEmails` is on), weekday (weekly) and local hour. */
  @Property({ type: 'string', length: 10, default: 'daily' })
  reminderPeriod: ReminderPeriod = 'daily';

  /** 0 Sunday to 6 Saturday. */
  @Property({ type: 'smallint', default: 1 })
  reminderWeekday: number = 1;

  @Property({ type: 'smallint', default: 8 })
  reminderHour: number = 8;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  passwordChangedAt: Date = new Date();

  /**
   * Bumped in the same transaction as every change to the user's columns or cards: the key of the
   * cached board read, so no replica can serve a board older than what it just read here.
   */
  @Property({ type: 'integer', default: 0 })
  boardVersion: number = 0;
}
