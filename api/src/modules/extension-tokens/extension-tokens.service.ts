import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { EXTENSION_CONNECTIONS_MAX, EXTENSION_TOKEN_MESSAGES } from '@tend/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { throttleKeyForIp } from '../../infra/http/client-ip';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { browserLabel } from './browser-label';
import { ExtensionToken } from './extension-token.entity';

/** `tend_` and 32 random bytes in base64url: recognisable in a leak report, 256 bits to guess. */
const TOKEN_PREFIX = 'tend_';
const TOKEN_PATTERN = /^tend_[A-Za-z0-9_-]{43}$/;
/** A token's last use moves on at most this often, so a busy extension costs no write per request. */
const LAST_USED_STEP_SECONDS = 60;

export function hashExtensionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Finds the token's row and, when its last use is older than the step, moves it on: one round trip
 * whatever happens (the update's snapshot is the same as the select's).
 */
const AUTHENTICATE = `with found as (
    select id, user_id, last_used_at from extension_tokens where token_hash = ?
  ), touched as (
    update extension_tokens t set last_used_at = now() from found
    where t.id = found.id
      and (found.last_used_at is null or found.last_used_at < now() - make_interval(secs => ${LAST_USED_STEP_SECONDS}))
    returning t.id
  )
  select found.user_id from found`;

/**
 * Connection tokens of the Chrome extension: issued to a signed-in user who approved on the
 * connect page, accepted as `Authorization: Bearer` only on the routes marked `@ExtensionAllowed()`
 * (see ExtensionTokenGuard), listed and revoked in Settings.
 */
@Injectable()
export class ExtensionTokensService {
  private readonly connectsPerUser: LimitRule;
  private readonly failuresPerIp: LimitRule;
  private readonly knownExtensionIds: ReadonlySet<string>;

  constructor(
    private readonly em: EntityManager,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.knownExtensionIds = new Set(config.extensionIds);
    this.connectsPerUser = {
      name: 'extension-connect',
      points: config.throttle.extensionConnectsPerUser,
      durationSeconds: 60 * 60,
    };
    this.failuresPerIp = {
      name: 'extension-token-failure',
      points: config.throttle.extensionTokenFailuresPerIp,
      durationSeconds: 15 * 60,
    };
  }

  /**
   * Issues a new token for this extension install; connecting the same install again replaces its
   * token (the old one stops working), so reconnecting never piles up rows.
   */
  async connect(
    userId: number,
    extensionId: string,
    userAgent: string | undefined,
  ): Promise<{ token: string; connection: ExtensionToken }> {
    // Any page may link to the connect page with any id: where the published extension's id is
    // configured, another extension (one that lists this origin to be handed tokens) gets none.
    if (this.knownExtensionIds.size > 0 && !this.knownExtensionIds.has(extensionId)) {
      throw new ForbiddenException({ errors: [EXTENSION_TOKEN_MESSAGES.unknownExtension] });
    }
    await this.limiter.consume(this.connectsPerUser, String(userId));
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    return this.em.transactional(async (em) => {
      const others = await em.count(ExtensionToken, { user: userId, extensionId: { $ne: extensionId } });
      if (others >= EXTENSION_CONNECTIONS_MAX) {
        throw new ConflictException({ errors: [EXTENSION_TOKEN_MESSAGES.tooMany] });
      }
      const connection = await em.upsert(
        ExtensionToken,
        {
          user: userId,
          extensionId,
          tokenHash: hashExtensionToken(token),
          browser: browserLabel(userAgent),
          createdAt: new Date(),
          lastUsedAt: null,
        },
        {
          onConflictFields: ['user', 'extensionId'],
          onConflictAction: 'merge',
          onConflictMergeFields: ['tokenHash', 'browser', 'createdAt', 'lastUsedAt'],
        },
      );
      return { token, connection };
    });
  }

  /**
   * The user a bearer token belongs to (and its last use noted), or 401. Failures are counted per
   * IP address (429 past the limit): a 256-bit token cannot be guessed, but a client that keeps
   * sending bad ones is stopped all the same.
   */
  async authenticate(token: string, ip: string | undefined): Promise<number> {
    if (TOKEN_PATTERN.test(token)) {
      const [row] = await this.em.execute<{ user_id: number }[]>(AUTHENTICATE, [hashExtensionToken(token)]);
      if (row) return row.user_id;
    }
    await this.limiter.consume(this.failuresPerIp, throttleKeyForIp(ip));
    throw new UnauthorizedException({ errors: [EXTENSION_TOKEN_MESSAGES.invalidToken] });
  }

  /** The user's connected extensions, the most recently connected first. */
  list(userId: number): Promise<ExtensionToken[]> {
    return this.em.find(ExtensionToken, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** Disconnects one of the user's extensions: its token stops working at once. Another's is a 404. */
  async revoke(userId: number, id: number): Promise<void> {
    const removed = await this.em.nativeDelete(ExtensionToken, { id, user: userId });
    if (removed === 0) throw new NotFoundException({ errors: [EXTENSION_TOKEN_MESSAGES.notFound] });
  }

  /** Every token of a user stops working (a password change or reset ends sessions and these alike). */
  async revokeAllOfUser(userId: number): Promise<number> {
    return this.em.nativeDelete(ExtensionToken, { user: userId });
  }
}
