import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const PURPOSE = 'unsubscribe-reminders';

/**
 * The unsubscribe link's token: the user id and an HMAC of it under SESSION_SECRET. It works signed
 * out (a mail client's one-click POST has no cookie), only for its own user, and cannot be made up.
 */
@Injectable()
export class UnsubscribeTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(userId: number): string {
    return `${userId}.${this.sign(userId)}`;
  }

  /** The user the token was issued for, or null for anything else. */
  verify(token: string): number | null {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const expected = Buffer.from(this.sign(userId));
    const given = Buffer.from(match[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  private sign(userId: number): string {
    return createHmac('sha256', this.config.sessionSecret).update(`${PURPOSE}:${userId}`).digest('base64url');
  }
}
