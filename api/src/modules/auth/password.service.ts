import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { INVALID_RESET_LINK_MESSAGE, ORIGINAL_PASSWORD_INCORRECT_MESSAGE } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { ExtensionTokensService } from '../extension-tokens/extension-tokens.service';
import { MailService } from '../mail/mail.service';
import { passwordChangedMail, resetPasswordMail } from '../mail/templates/account-mail.templates';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { EmailTokensService, hashToken } from './email-tokens.service';
import { PasswordHasher } from './password-hasher';
import { SessionsService, type ActiveSession } from './sessions/sessions.service';

/** Forgot, reset, verify and change a password. Every change ends the user's other sessions. */
@Injectable()
export class PasswordService {
  private readonly forgotPerAddress: LimitRule;
  private readonly validatePerUser: LimitRule;
  private readonly resetPerIp: LimitRule;
  private readonly resetPerToken: LimitRule;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly tokens: EmailTokensService,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
    private readonly extensionTokens: ExtensionTokensService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.forgotPerAddress = {
      name: 'forgot-password',
      points: config.throttle.emailPerAddress,
      durationSeconds: 30 * 60,
    };
    this.validatePerUser = { name: 'validate-user', points: config.throttle.loginPerEmail, durationSeconds: 15 * 60 };
    this.resetPerIp = { name: 'reset-ip', points: config.throttle.loginPerIp, durationSeconds: 5 * 60 };
    this.resetPerToken = { name: 'reset-token', points: config.throttle.emailPerAddress, durationSeconds: 60 * 60 };
  }

  /** Always the same answer; mail goes out only when the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    await this.limiter.consume(this.forgotPerAddress, email);
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const message = await this.em.transactional(async () => {
      const token = await this.tokens.issue(user, 'reset_password', user.email);
      const link = `${this.config.appUrl}/reset-password/${encodeURIComponent(user.email)}/${token}`;
      return this.mail.record('reset-password', user.email, resetPasswordMail(user, link), user.id);
    });
    await this.mail.dispatch(message);
  }

  /** Whether a reset link is usable; throttled per IP, as guessing links is what it would serve. */
  async isResetLinkValid(email: string, token: string, ip: string | undefined): Promise<boolean> {
    await this.limiter.consume(this.resetPerIp, throttleKeyForIp(ip));
    return this.resetLinkOwner(email, token);
  }

  private async resetLinkOwner(email: string, token: string): Promise<boolean> {
    const found = await this.tokens.find(token, ['reset_password']);
    return found !== null && found.user.getEntity().email === email.trim().toLowerCase();
  }

  /**
   * Sets the new password; does not sign in; ends every session of the user. The link is checked
   * (and the attempt counted, per IP and per token) before the new password is hashed, so a flood
   * of requests with made-up links costs a lookup each, not a hash.
   */
  async resetPassword(email: string, token: string, newPassword: string, ip: string | undefined): Promise<void> {
    await this.limiter.consume(this.resetPerIp, throttleKeyForIp(ip));
    await this.limiter.consume(this.resetPerToken, hashToken(token));
    if (!(await this.resetLinkOwner(email, token))) {
      throw new BadRequestException({ errors: [INVALID_RESET_LINK_MESSAGE] });
    }
    const passwordHash = await this.hasher.hash(newPassword);
    const { user, message } = await this.em.transactional(async () => {
      const found = await this.tokens.consume(token, ['reset_password']);
      const owner = found?.user.getEntity();
      if (!owner || owner.email !== email) {
        throw new BadRequestException({ errors: [INVALID_RESET_LINK_MESSAGE] });
      }
      await this.users.setPasswordHash(owner, passwordHash);
      // Following an emailed link proves the address too.
      owner.emailVerified = owner.emailVerified || owner.email === found?.targetEmail;
      await this.users.flush();
      const notice = await this.mail.record(
        'password-changed',
        owner.email,
        passwordChangedMail(owner, this.config.links.supportEmail),
        owner.id,
      );
      return { user: owner, message: notice };
    });
    await this.sessions.endAllOfUser(user.id);
    await this.extensionTokens.revokeAllOfUser(user.id);
    await this.mail.dispatch(message);
  }

  /**
   * The spec's `validate-user`: the signed-in user's own password only, throttled: the attempt
   * counts before the hash and is given back when the password was right.
   */
  async isCurrentPassword(user: User, password: string): Promise<boolean> {
    await this.limiter.consume(this.validatePerUser, String(user.id));
    const withHash = await this.users.findWithPasswordHash({ id: user.id });
    const ok = await this.hasher.verify(withHash?.passwordHash, password);
    if (ok) await this.limiter.refund(this.validatePerUser, String(user.id));
    return ok;
  }

  async assertCurrentPassword(user: User, password: string | undefined): Promise<void> {
    if (!password || !(await this.isCurrentPassword(user, password))) {
      throw new UnprocessableEntityException({ errors: [ORIGINAL_PASSWORD_INCORRECT_MESSAGE] });
    }
  }

  /** Changes the password of a signed-in user; other sessions end (the spec then logs this one out). */
  async changePassword(user: User, newPassword: string, currentSession: ActiveSession | undefined): Promise<void> {
    const passwordHash = await this.hasher.hash(newPassword);
    const message = await this.em.transactional(async () => {
      await this.users.setPasswordHash(user, passwordHash);
      return this.mail.record(
        'password-changed',
        user.email,
        passwordChangedMail(user, this.config.links.supportEmail),
        user.id,
      );
    });
    await this.sessions.endAllOfUser(user.id, currentSession);
    // A connected extension is a way in too: reconnecting it takes one click on the connect page.
    await this.extensionTokens.revokeAllOfUser(user.id);
    await this.mail.dispatch(message);
  }
}
