import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OpenOnScreen, Plan, ReminderPeriod } from '@tend/contracts';
import { SignedInUserCache, type SignedInUser } from './signed-in-user-cache';
import { User } from './user.entity';

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  timeZone?: string | undefined;
}

/** The plan fields only billing sets (from Stripe's state, or when premium expires). */
export interface BillingFields {
  plan: Plan | null;
  freeTrial: boolean;
  premiumExpiryDate: Date | null;
  paymentIssue: boolean;
}

export interface ProfileChanges {
  name?: string | undefined;
  plan?: Plan | undefined;
  freeTrial?: boolean | undefined;
  timeZone?: string | undefined;
  reminderEmails?: boolean | undefined;
  dailyGoal?: number | undefined;
  openOn?: OpenOnScreen | undefined;
  reminderPeriod?: ReminderPeriod | undefined;
  reminderWeekday?: number | undefined;
  reminderHour?: number | undefined;
}

/** The users table and the rules about a user's own profile fields. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly signedInUsers: SignedInUserCache,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.em.findOne(User, id);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email: email.toLowerCase() });
  }

  findByStripeId(customerId: string): Promise<User | null> {
    return this.em.findOne(User, { stripeId: customerId });
  }

  /** Loads the password hash too (it is lazy so it never rides along by accident). */
  findWithPasswordHash(where: { id: number } | { email: string }): Promise<User | null> {
    return this.em.findOne(User, where, { populate: ['passwordHash'] });
  }

  async isEmailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    const count = await this.em.count(User, {
      email: email.toLowerCase(),
      ...(exceptUserId ? { id: { $ne: exceptUserId } } : {}),
    });
    return count > 0;
  }

  async create(data: NewUser): Promise<User> {
    const user = this.em.create(User, {
      email: data.email.toLowerCase(),
      name: data.name,
      passwordHash: data.passwordHash,
      timeZone: data.timeZone ?? 'UTC',
    });
    await this.em.persist(user).flush();
    return user;
  }

  async updateProfile(user: User, changes: ProfileChanges): Promise<User> {
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.timeZone !== undefined) user.timeZone = changes.timeZone;
    if (changes.freeTrial !== undefined) user.freeTrial = changes.freeTrial;
    if (changes.reminderEmails !== undefined) user.reminderEmails = changes.reminderEmails;
    if (changes.dailyGoal !== undefined) user.dailyGoal = changes.dailyGoal;
    if (changes.openOn !== undefined) user.openOn = changes.openOn;
    if (changes.reminderPeriod !== undefined) user.reminderPeriod = changes.reminderPeriod;
    if (changes.reminderWeekday !== undefined) user.reminderWeekday = changes.reminderWeekday;
    if (changes.reminderHour !== undefined) user.reminderHour = changes.reminderHour;
    if (changes.plan !== undefined) {
      user.plan = changes.plan;
      // Choosing to stay on free ends the lapsed-premium prompt (spec: "Maintain 25 contacts").
      if (changes.plan === 'free') user.freeTrial = false;
    }
    await this.em.flush();
    return user;
  }

  /** Billing's changes to the plan (premium only ever comes through here). */
  async setBilling(user: User, fields: BillingFields): Promise<void> {
    Object.assign(user, fields);
    await this.em.flush();
  }

  async setStripeId(user: User, customerId: string): Promise<void> {
    user.stripeId = customerId;
    await this.em.flush();
  }

  /** Premium users whose paid time ended before `now`, by id after `afterId` (a page for the expiry task). */
  async premiumExpiredIds(now: Date, afterId: number, limit: number): Promise<number[]> {
    const users = await this.em.find(
      User,
      { plan: 'premium', premiumExpiryDate: { $lte: now }, id: { $gt: afterId } },
      { fields: ['id'], orderBy: { id: 'asc' }, limit },
    );
    return users.map((user) => user.id);
  }

  /** Users with a Stripe customer, by id after `afterId` (a page for the reconciliation). */
  async customerIds(afterId: number, limit: number): Promise<number[]> {
    const users = await this.em.find(
      User,
      { stripeId: { $ne: null }, id: { $gt: afterId } },
      { fields: ['id'], orderBy: { id: 'asc' }, limit },
    );
    return users.map((user) => user.id);
  }

  /** The unsubscribe link's change: no more follow-up reminder emails. False when no such user. */
  async turnOffReminderEmails(userId: number): Promise<boolean> {
    return (await this.em.nativeUpdate(User, { id: userId }, { reminderEmails: false })) > 0;
  }

  async setPasswordHash(user: User, passwordHash: string): Promise<void> {
    user.passwordHash = passwordHash;
    user.passwordChangedAt = new Date();
    await this.em.flush();
  }

  /** The signed-in user for the request's guard (from memory when nothing changed). */
  findSignedIn(id: number): Promise<SignedInUser | undefined> {
    return this.signedInUsers.find(id);
  }

  /** Drops this process's cached row of the user at once (after a write made outside the ORM). */
  forgetSignedIn(userId: number): void {
    this.signedInUsers.evict(userId);
  }

  async flush(): Promise<void> {
    await this.em.flush();
  }

  async remove(user: User): Promise<void> {
    await this.em.remove(user).flush();
  }
}
