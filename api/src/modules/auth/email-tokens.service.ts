import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../infra/time/clock';
import type { User } from '../users/user.entity';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';

const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3_600_000,
  change_email: 24 * 3_600_000,
  reset_password: 3_600_000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Link tokens: 256 random bits, stored as SHA-256, single use, expiring; a new one voids older ones. */
@Injectable()
export class EmailTokensService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async issue(user: User, purpose: EmailTokenPurpose, targetEmail: string): Promise<string> {
    await this.em.nativeDelete(EmailToken, { user: user.id, purpose, usedAt: null });
    const token = randomBytes(32).toString('base64url');
    this.em.create(EmailToken, {
      user,
      purpose,
      targetEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.clock.nowMs() + LIFETIME_MS[purpose]),
    });
    await this.em.flush();
    return token;
  }

  private usableWhere(token: string, purposes: EmailTokenPurpose[]) {
    return {
      tokenHash: hashToken(token),
      purpose: { $in: purposes },
      usedAt: null,
      expiresAt: { $gt: this.clock.now() },
    };
  }

  /** Finds a usable token without spending it (the reset screen checks its link first). */
  find(token: string, purposes: EmailTokenPurpose[]): Promise<EmailToken | null> {
    if (!token || token.length > 200) return Promise.resolve(null);
    return this.em.findOne(EmailToken, this.usableWhere(token, purposes), { populate: ['user'] });
  }

  /** Spends a token inside the caller's transaction; a concurrent second use finds nothing. */
  async consume(token: string, purposes: EmailTokenPurpose[]): Promise<EmailToken | null> {
    if (!token || token.length > 200) return null;
    const found = await this.em.findOne(EmailToken, this.usableWhere(token, purposes), {
      populate: ['user'],
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (!found) return null;
    found.usedAt = new Date();
    await this.em.flush();
    return found;
  }
}
