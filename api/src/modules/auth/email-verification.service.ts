import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  EMAIL_TAKEN_MESSAGE,
  INVALID_VERIFICATION_LINK_MESSAGE,
  VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE,
} from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { TooManyRequestsException } from '../../infra/http/http-exception.filter';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { confirmEmailChangeMail, verifyEmailMail } from '../mail/templates/account-mail.templates';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { EmailTokensService } from './email-tokens.service';

/** Confirming addresses: the sign-up address and a pending new address (`desired_email`). */
@Injectable()
export class EmailVerificationService {
  private readonly perAddress: LimitRule;
  private readonly changePerIp: LimitRule;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly tokens: EmailTokensService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.perAddress = { name: 'verify-mail', points: config.throttle.emailPerAddress, durationSeconds: 30 * 60 };
    // Like sign-up: its "already taken" answer must not become a fast way to list accounts.
    this.changePerIp = { name: 'email-change-ip', points: config.throttle.signupPerIp, durationSeconds: 5 * 60 };
  }

  private confirmationLink(email: string, token: string): string {
    return `${this.config.appUrl}/email-confirmation/${encodeURIComponent(email)}?token=${token}`;
  }

  /** Issues a token and records the mail in the caller's transaction; dispatch after commit. */
  async recordVerificationMail(user: User): Promise<QueuedMail> {
    const token = await this.tokens.issue(user, 'verify_email', user.email);
    return this.mail.record(
      'verify-email',
      user.email,
      verifyEmailMail(user, this.confirmationLink(user.email, token)),
      user.id,
    );
  }

  private async recordEmailChangeMail(user: User, newEmail: string): Promise<QueuedMail> {
    const token = await this.tokens.issue(user, 'change_email', newEmail);
    return this.mail.record(
      'confirm-email-change',
      newEmail,
      confirmEmailChangeMail(user, newEmail, this.confirmationLink(newEmail, token)),
      user.id,
    );
  }

  /**
   * Resend for a signed-in user: the link for the pending new address when there is one (and the
   * screen asked for it, or the sign-up address is already confirmed), else the sign-up link.
   */
  async resendForUser(user: User, isUpdate: boolean): Promise<void> {
    const pending = user.desiredEmail && (isUpdate || user.emailVerified) ? user.desiredEmail : null;
    await this.limiter.consume(this.perAddress, pending ?? user.email);
    if (!pending && user.emailVerified) return;
    const message = await this.em.transactional(() =>
      pending ? this.recordEmailChangeMail(user, pending) : this.recordVerificationMail(user),
    );
    await this.mail.dispatch(message);
  }

  /** Resend for a signed-out visitor by address: the answer never says whether it has an account. */
  async resendForAddress(email: string): Promise<void> {
    await this.limiter.consume(this.perAddress, email);
    const user = await this.users.findByEmail(email);
    if (!user || user.emailVerified) return;
    const message = await this.em.transactional(() => this.recordVerificationMail(user));
    await this.mail.dispatch(message);
  }

  /** Spends a confirmation token: verifies the sign-up address or completes an address change. */
  async confirm(token: string): Promise<User> {
    return this.em.transactional(async () => {
      const found = await this.tokens.consume(token, ['verify_email', 'change_email']);
      if (!found) throw new BadRequestException({ errors: [INVALID_VERIFICATION_LINK_MESSAGE] });
      const user = found.user.getEntity();
      if (found.purpose === 'change_email') {
        const newEmail = found.targetEmail;
        if (!newEmail || user.desiredEmail !== newEmail) {
          throw new BadRequestException({ errors: [INVALID_VERIFICATION_LINK_MESSAGE] });
        }
        if (await this.users.isEmailTaken(newEmail, user.id)) {
          throw new UnprocessableEntityException({ errors: [EMAIL_TAKEN_MESSAGE] });
        }
        user.email = newEmail;
        user.desiredEmail = null;
      } else if (found.targetEmail !== user.email) {
        throw new BadRequestException({ errors: [INVALID_VERIFICATION_LINK_MESSAGE] });
      }
      user.emailVerified = true;
      await this.users.flush();
      return user;
    });
  }

  /** Keeps the new address pending and mails a confirmation link to it. */
  async requestEmailChange(user: User, newEmail: string, ip: string | undefined): Promise<User> {
    await this.limiter.consume(this.changePerIp, throttleKeyForIp(ip));
    const email = newEmail.toLowerCase();
    if (email === user.email) {
      throw new UnprocessableEntityException({ errors: ['That is already your email address.'] });
    }
    if (await this.users.isEmailTaken(email, user.id)) {
      throw new UnprocessableEntityException({ errors: [EMAIL_TAKEN_MESSAGE] });
    }
    try {
      await this.limiter.consume(this.perAddress, email);
    } catch (error) {
      // The spec's own words for this case; nothing is saved.
      if (error instanceof TooManyRequestsException) {
        throw new TooManyRequestsException(error.retryAfterSeconds, VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE);
      }
      throw error;
    }
    const message = await this.em.transactional(async () => {
      user.desiredEmail = email;
      await this.users.flush();
      return this.recordEmailChangeMail(user, email);
    });
    await this.mail.dispatch(message);
    return user;
  }
}
