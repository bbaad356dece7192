import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { EMAIL_TAKEN_MESSAGE, LOGIN_FAILED_MESSAGE, type SignUpRequest } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { MailService } from '../mail/mail.service';
import { TiersService } from '../tiers/tiers.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { EmailVerificationService } from './email-verification.service';
import { PasswordHasher } from './password-hasher';

/** Sign-up and sign-in: the account's front door. */
@Injectable()
export class AuthService {
  private readonly loginPerEmail: LimitRule;
  private readonly loginPerIp: LimitRule;
  private readonly signupPerIp: LimitRule;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly tiers: TiersService,
    private readonly mail: MailService,
    private readonly verification: EmailVerificationService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.loginPerEmail = { name: 'login-email', points: config.throttle.loginPerEmail, durationSeconds: 15 * 60 };
    this.loginPerIp = { name: 'login-ip', points: config.throttle.loginPerIp, durationSeconds: 5 * 60 };
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
   * Checks a login. Unknown email and wrong password give one identical answer, and an unknown
   * email still pays for a hash so the two take the same time. Each attempt is counted before the
   * hash (so a burst of parallel guesses cannot all pass the check) and given back on success, so
   * only failures use up the allowance.
   */
  async authenticate(email: string, password: string, ip: string | undefined): Promise<User> {
    const subject = email.toLowerCase();
    const ipKey = throttleKeyForIp(ip);
    await this.limiter.consume(this.loginPerIp, ipKey);
    await this.limiter.consume(this.loginPerEmail, subject);
    const user = await this.users.findWithPasswordHash({ email: subject });
    const ok = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !ok) throw new UnauthorizedException({ errors: [LOGIN_FAILED_MESSAGE] });
    await this.limiter.refund(this.loginPerEmail, subject);
    await this.limiter.refund(this.loginPerIp, ipKey);
    return user;
  }
}
