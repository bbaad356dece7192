import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { EMAIL_TAKEN_MESSAGE, type SignUpRequest, type UpdateUserRequest } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { EmailVerificationService } from '../auth/email-verification.service';
import { BillingService } from '../billing/billing.service';
import { PasswordHasher } from '../auth/password-hasher';
import { PasswordService } from '../auth/password.service';
import { SessionsService, type ActiveSession } from '../auth/sessions/sessions.service';
import { ContactsService } from '../contacts/contacts.service';
import { MailService } from '../mail/mail.service';
import { accountDeletedMail } from '../mail/templates/account-mail.templates';
import { TiersService } from '../tiers/tiers.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

/** The `/api/users` calls: sign-up, and the signed-in user's own account (change, delete). */
@Injectable()
export class AccountService {
  private readonly signupPerIp: LimitRule;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly tiers: TiersService,
    private readonly hasher: PasswordHasher,
    private readonly passwords: PasswordService,
    private readonly verification: EmailVerificationService,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
    private readonly contacts: ContactsService,
    private readonly limiter: RateLimiterService,
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.signupPerIp = { name: 'signup-ip', points: config.throttle.signupPerIp, durationSeconds: 5 * 60 };
  }

  /** Spec's sign-up sequence: user created, verification email requested, four default tiers. */
  async signUp(request: SignUpRequest, ip: string | undefined): Promise<User> {
    await this.limiter.consume(this.signupPerIp, throttleKeyForIp(ip));
    if (await this.users.isEmailTaken(request.email)) {
      throw new UnprocessableEntityException({ errors: [EMAIL_TAKEN_MESSAGE] });
    }
    const passwordHash = await this.hasher.hash(request.password);
    const { user, message } = await this.em.transactional(async () => {
      const created = await this.users.create({
        email: request.email,
        name: request.name,
        passwordHash,
        timeZone: request.time_zone,
      });
      const queued = await this.verification.recordVerificationMail(created);
      await this.tiers.createDefaults(created.id);
      return { user: created, message: queued };
    });
    await this.mail.dispatch(message);
    return user;
  }

  /**
   * Applies an allow-listed change. The new password is checked (by the schema) before the
   * current one, as the spec orders it; credentials need the current password.
   */
  async update(
    user: User,
    changes: UpdateUserRequest,
    currentSession: ActiveSession | undefined,
    ip: string | undefined,
  ): Promise<{ user: User; passwordChanged: boolean }> {
    if (changes.password !== undefined || changes.desired_email !== undefined) {
      await this.passwords.assertCurrentPassword(user, changes.current_password);
    }
    await this.users.updateProfile(user, {
      name: changes.name,
      plan: changes.plan,
      freeTrial: changes.free_trial,
      timeZone: changes.time_zone,
      reminderEmails: changes.reminder_emails,
      dailyGoal: changes.daily_goal,
      openOn: changes.open_on,
      reminderPeriod: changes.reminder_period,
      reminderWeekday: changes.reminder_weekday,
      reminderHour: changes.reminder_hour,
    });
    if (changes.desired_email !== undefined) {
      await this.verification.requestEmailChange(user, changes.desired_email, ip);
    }
    if (changes.password !== undefined) await this.passwords.changePassword(user, changes.password, currentSession);
    return { user, passwordChanged: changes.password !== undefined };
  }

  /**
   * Asks for the password again, then cancels any subscription (PRODUCT.md §4; when Stripe cannot,
   * nothing is deleted), then deletes the user and everything they own (cascades), ends their
   * sessions, says goodbye by mail, and removes their photo files once the deletion has committed.
   */
  async delete(user: User, password: string): Promise<void> {
    // Re-authentication first (422 'Original password incorrect.', throttled like validate-user).
    await this.passwords.assertCurrentPassword(user, password);
    await this.billing.cancelAllForDeletion(user);
    const { message, photos } = await this.em.transactional(async () => {
      const keys = await this.contacts.photoKeysOf(user.id);
      const goodbye = await this.mail.record('account-deleted', user.email, accountDeletedMail(user), null);
      await this.users.remove(user);
      return { message: goodbye, photos: keys };
    });
    await this.sessions.endAllOfUser(user.id);
    await this.contacts.removePhotoFiles(photos);
    await this.mail.dispatch(message);
  }
}
