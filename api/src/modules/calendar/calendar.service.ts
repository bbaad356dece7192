import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { addDays, CALENDAR_FEED_DAYS } from '@tend/contracts';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../infra/time/clock';
import type { BoardSnapshot } from '../board/board-cache';
import { BoardService } from '../board/board.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { UsersService } from '../users/users.service';
import { buildFeed } from './calendar-ics';
import { CalendarFeed } from './calendar-feed.entity';
import { feedEvents, type FeedEventRow } from './calendar.queries';

/** A token in an address: 43 base64url characters (256 bits). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface FeedAnswer {
  /** Changes whenever the feed's content can: a new board version, a new day, a reset. */
  etag: string;
  /**
   * Built only when the caller's ETag did not match, once per board version and day (text and
   * gzip): calendar apps poll, often several per user, and a feed of thousands of events is costly.
   */
  body: () => Promise<BoardSnapshot>;
}

/** The private calendar feed: its secret address, its reset, and the feed itself. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly board: BoardService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user's feed address, or null when they have not made one. */
  async urlOf(userId: number): Promise<string | null> {
    const feed = await this.em.findOne(CalendarFeed, { user: userId });
    return feed ? this.url(userId, feed.nonce) : null;
  }

  /** Makes the user's feed address, or a new one in place of the old (which stops answering). */
  async reset(userId: number): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    const tokenHash = sha256(this.token(userId, nonce));
    await this.em.execute(
      `insert into calendar_feeds (user_id, nonce, token_hash) values (?, ?, ?)
       on conflict (user_id) do update set nonce = excluded.nonce, token_hash = excluded.token_hash, created_at = now()`,
      [userId, nonce, tokenHash],
    );
    return this.url(userId, nonce);
  }

  /** Turns the feed off: its address stops answering. */
  async remove(userId: number): Promise<void> {
    await this.em.nativeDelete(CalendarFeed, { user: userId });
  }

  /** The feed behind a token, or null for a token that opens none (unknown, reset, malformed). */
  async feed(token: string): Promise<FeedAnswer | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const feed = await this.em.findOne(CalendarFeed, { tokenHash: sha256(token) });
    if (!feed) return null;
    const user = await this.users.findSignedIn(feed.user.id);
    if (!user) return null;
    const today = this.clock.today(user);
    const etag = `"${sha256(`${feed.nonce}:${user.boardVersion}:${user.plan ?? ''}:${today}`).slice(0, 32)}"`;
    return {
      etag,
      body: () => this.board.cachedView(user, `calendar:${feed.nonce}:${today}`, () => this.build(user, today)),
    };
  }

  private async build(user: SignedInUser, today: string): Promise<string> {
    const visible = await this.board.visibleIds(user);
    const last = addDays(today, CALENDAR_FEED_DAYS);
    const rows = await this.em.execute<FeedEventRow[]>(
      feedEvents({ limited: visible !== null }),
      visible === null ? [user.id, last] : [user.id, last, `{${visible.join(',')}}`],
    );
    return buildFeed(rows, { today, appUrl: this.config.appUrl, now: this.clock.now() });
  }

  private url(userId: number, nonce: string): string {
    return `${this.config.appUrl}/calendar/${this.token(userId, nonce)}.ics`;
  }

  private token(userId: number, nonce: string): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(`calendar-feed:${userId}:${nonce}`)
      .digest('base64url');
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
