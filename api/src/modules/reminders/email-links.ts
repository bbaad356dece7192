import { Inject, Injectable } from '@nestjs/common';
import { EMAIL_ACTION_LINK_DAYS, EMAIL_ACTIONS, type EmailAction } from '@tend/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const PURPOSE = 'email-action';
const LEGACY_UNSUBSCRIBE_PURPOSE = 'unsubscribe-reminders';
const DAY_MS = 86_400_000;

/** What a link in an email may do, and for whom. */
export interface EmailLink {
  action: EmailAction;
  userId: number;
  /** Done and Snooze: the person. */
  contactId?: number;
  /** Done and Snooze: the follow-up date the email was sent for; a later change retires the link. */
  date?: string;
}

export type ReadLink = { ok: true; link: EmailLink } | { ok: false; reason: 'invalid' | 'expired' };

interface Payload {
  a: EmailAction;
  u: number;
  c?: number;
  d?: string;
  /** Expiry, epoch seconds (Done and Snooze only: an unsubscribe link keeps working). */
  x?: number;
}

/**
 * The one mechanism behind every link in an email that changes something: a token holding what the
 * link does (action, user, contact, date, expiry), signed with an HMAC under SESSION_SECRET, so it
 * cannot be made up or altered, and works signed out. The pages it opens ask before they act.
 */
@Injectable()
export class EmailLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(link: EmailLink, now: Date): string {
    const payload: Payload = { a: link.action, u: link.userId };
    if (link.contactId !== undefined) payload.c = link.contactId;
    if (link.date !== undefined) payload.d = link.date;
    if (link.action !== 'unsubscribe') payload.x = Math.floor((now.getTime() + EMAIL_ACTION_LINK_DAYS * DAY_MS) / 1000);
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(PURPOSE, body)}`;
  }

  read(token: string, now: Date): ReadLink {
    const legacy = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    // Unsubscribe links sent before Done and Snooze links existed: the user id and its HMAC.
    if (legacy) {
      return this.matches(legacy[2] ?? '', this.sign(LEGACY_UNSUBSCRIBE_PURPOSE, legacy[1] ?? ''))
        ? { ok: true, link: { action: 'unsubscribe', userId: Number(legacy[1]) } }
        : { ok: false, reason: 'invalid' };
    }
    const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || !this.matches(match[2] ?? '', this.sign(PURPOSE, match[1] ?? '')))
      return { ok: false, reason: 'invalid' };
    const payload = parsePayload(match[1] ?? '');
    if (!payload) return { ok: false, reason: 'invalid' };
    if (payload.x !== undefined && payload.x * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      link: {
        action: payload.a,
        userId: payload.u,
        ...(payload.c !== undefined ? { contactId: payload.c } : {}),
        ...(payload.d !== undefined ? { date: payload.d } : {}),
      },
    };
  }

  private matches(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private sign(purpose: string, body: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`${purpose}:${body}`).digest('base64url');
  }
}

function parsePayload(body: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
    const valid =
      typeof value === 'object' &&
      value !== null &&
      (EMAIL_ACTIONS as readonly string[]).includes(value.a ?? '') &&
      Number.isSafeInteger(value.u) &&
      (value.c === undefined || Number.isSafeInteger(value.c)) &&
      (value.d === undefined || typeof value.d === 'string') &&
      (value.x === undefined || Number.isSafeInteger(value.x)) &&
      (value.a === 'unsubscribe' || (value.c !== undefined && value.d !== undefined && value.x !== undefined));
    return valid ? (value as Payload) : null;
  } catch {
    return null;
  }
}
