import type { ConnectedExtension } from '@tend/contracts';
import type { ExtensionToken } from './extension-token.entity';

/** Never the token or its hash: what Settings shows of a connected extension. */
export function toConnectedExtension(row: ExtensionToken): ConnectedExtension {
  return {
    id: row.id,
    extension_id: row.extensionId,
    browser: row.browser,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
