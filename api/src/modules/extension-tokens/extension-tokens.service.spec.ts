import { EXTENSION_TOKEN_MESSAGES } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/app-config';
import type { RateLimiterService } from '../../infra/http/rate-limiter.service';
import { ExtensionTokensService } from './extension-tokens.service';

const PUBLISHED = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'ponmlkjihgfedcbaponmlkjihgfedcba';

/** Only the id rule runs before the database here: the refusal comes first, nothing else is touched. */
function service(extensionOrigins: string): ExtensionTokensService {
  const config = loadConfig({ SESSION_SECRET: 'x'.repeat(40), EXTENSION_ORIGINS: extensionOrigins });
  const limiter = {
    consume: () => Promise.reject(new Error('reached the throttle: the id was accepted')),
  } as unknown as RateLimiterService;
  return new ExtensionTokensService({} as never, limiter, config);
}

describe('ExtensionTokensService.connect: which extension may be connected', () => {
  it('refuses an id other than the configured published extension, before anything is counted or written', async () => {
    await expect(service(`chrome-extension://${PUBLISHED}`).connect(1, OTHER, undefined)).rejects.toMatchObject({
      status: 403,
      response: { errors: [EXTENSION_TOKEN_MESSAGES.unknownExtension] },
    });
  });

  it('goes on for the configured id, and for any id when none is configured (unpacked copies)', async () => {
    await expect(service(`chrome-extension://${PUBLISHED}`).connect(1, PUBLISHED, undefined)).rejects.toThrow(
      'reached the throttle',
    );
    await expect(service('').connect(1, OTHER, undefined)).rejects.toThrow('reached the throttle');
  });
});
