import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { UpdateUserRequest } from '@tend/contracts';
import { MailService } from '../mail/mail.service';
import { accountDeletedMail } from '../mail/templates/account-mail.templates';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { EmailVerificationService } from './email-verification.service';
import { PasswordService } from './password.service';
import { SessionsService, type ActiveSession } from './sessions/sessions.service';

/** `PATCH /api/users/{id}` and `DELETE /api/users/{id}`: the user's own account. */
@Injectable()
export class AccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly verification: EmailVerificationService,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Applies an allow-listed change. The new password is checked (by the schema) before the
   * current one, as the spec orders it; credentials need the current password.
   */
  async update(
    user: User,
    changes: UpdateUserRequest,
    currentSession: ActiveSession | undefined,
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
    });
    if (changes.desired_email !== undefined) await this.verification.requestEmailChange(user, changes.desired_email);
    if (changes.password !== undefined) await this.passwords.changePassword(user, changes.password, currentSession);
    return { user, passwordChanged: changes.password !== undefined };
  }

  /**
   * Deletes the user and everything they own (cascades), ends their sessions, says goodbye by mail.
   * The password is asked again first (422 'Original password incorrect.', throttled like validate-user).
   */
  async delete(user: User, password: string): Promise<void> {
    await this.passwords.assertCurrentPassword(user, password);
    // Billing cancels an active subscription here once billing exists (spec: cancel first).
    const message = await this.em.transactional(async () => {
      const goodbye = await this.mail.record('account-deleted', user.email, accountDeletedMail(user), null);
      await this.users.remove(user);
      return goodbye;
    });
    await this.sessions.endAllOfUser(user.id);
    await this.mail.dispatch(message);
  }
}
