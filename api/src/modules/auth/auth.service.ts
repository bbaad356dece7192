import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { LOGIN_FAILED_MESSAGE } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PasswordHasher } from './password-hasher';

/** Sign-in: checking credentials, throttled. */
@Injectable()
export class AuthService {
  private readonly loginPerEmail: LimitRule;
  private readonly loginPerIp: LimitRule;

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.loginPerEmail = { name: 'login-email', points: config.throttle.loginPerEmail, durationSeconds: 15 * 60 };
    this.loginPerIp = { name: 'login-ip', points: config.throttle.loginPerIp, durationSeconds: 5 * 60 };
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
