import { z } from 'zod';

/**
 * Connecting the Chrome extension (PRODUCT.md §1): the signed-in user approves on the app's
 * `/extension/connect` page, the API issues a random token (stored hashed, scoped to the routes
 * below), and the page hands it to the extension with `chrome.runtime.sendMessage`.
 */

/** A Chrome extension id: 32 letters a-p (the hex digits of a key hash, shifted to letters). */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

export function isExtensionId(value: unknown): value is string {
  return typeof value === 'string' && EXTENSION_ID_PATTERN.test(value);
}

/** The message the connect page sends to the extension (its service worker checks the sender). */
export const EXTENSION_CONNECT_MESSAGE_TYPE = 'tend-connect';
export interface ExtensionConnectMessage {
  type: typeof EXTENSION_CONNECT_MESSAGE_TYPE;
  token: string;
}
export type ExtensionConnectReply = { ok: true } | { ok: false; error: string };

/** What a connection token may do, and nothing else (the connect page lists exactly this). */
export const EXTENSION_TOKEN_ABILITIES = [
  'See the names of your board’s columns',
  'Check whether a LinkedIn profile is already on your board, and when you follow up with them',
  'Add contacts to your board, with their photo, a first note and a follow-up date',
  'Log that you contacted someone on your board, or snooze their follow-up',
  'Save people to your network when your board is full, and put someone from your network on your board',
] as const;
/** What it can never do (shown beside the list above). */
export const EXTENSION_TOKEN_LIMITS = [
  'Read or change your account, email or password',
  'See billing or change your plan',
  'Edit or delete your contacts, move them between columns or off your board, or read their notes',
] as const;

/** How many extensions one account may keep connected (one per browser profile is typical). */
export const EXTENSION_CONNECTIONS_MAX = 20;

export const EXTENSION_TOKEN_MESSAGES = {
  invalidExtensionId: 'The extension id is not valid. Open this page again from the extension.',
  tooMany: `You can connect at most ${EXTENSION_CONNECTIONS_MAX} extensions. Disconnect one in Settings first.`,
  notFound: 'That connected extension was not found.',
  /** This server accepts only the extension ids it was configured with (`EXTENSION_ORIGINS`). */
  unknownExtension:
    'This is not the Tend extension this server knows. Install it from the link in Tend, then connect again.',
  /** A bearer token on a route that does not take one (account, billing, settings, ...). */
  notAccepted: 'Extension tokens cannot be used for this request.',
  /** The extension's token on `POST /api/contacts/bulk` for anything but one person onto the board. */
  bulkNotAccepted: 'The extension can only put one person from your network on your board at a time.',
  /** A bearer token that is unknown, malformed or revoked. */
  invalidToken: 'This extension is no longer connected. Connect it again from the extension.',
} as const;

export const connectExtensionRequestSchema = z.strictObject({
  extension_id: z
    .string({ error: EXTENSION_TOKEN_MESSAGES.invalidExtensionId })
    .regex(EXTENSION_ID_PATTERN, { error: EXTENSION_TOKEN_MESSAGES.invalidExtensionId }),
});
export type ConnectExtensionRequest = z.infer<typeof connectExtensionRequestSchema>;

export const connectedExtensionSchema = z.object({
  id: z.number(),
  extension_id: z.string(),
  /** The browser it was connected from, read from its user agent ("Chrome on macOS"); null if unknown. */
  browser: z.string().nullable(),
  created_at: z.string(),
  /** The last request the extension made with its token; null until it makes one. */
  last_used_at: z.string().nullable(),
});
export type ConnectedExtension = z.infer<typeof connectedExtensionSchema>;

/** `POST /api/extension-tokens`: the token is shown this once and never again (only its hash is kept). */
export const connectExtensionResponseSchema = z.object({
  token: z.string(),
  extension: connectedExtensionSchema,
});
export type ConnectExtensionResponse = z.infer<typeof connectExtensionResponseSchema>;

/** The message of `POST /api/contacts`' 409 (the body also carries `contact_id`). */
export const DUPLICATE_LINKEDIN_MESSAGE = 'This LinkedIn profile is already on your board.';
/** The 409 when the profile's person is in the network (issue 26: one person across board and network). */
export const DUPLICATE_LINKEDIN_NETWORK_MESSAGE = 'This LinkedIn profile is already in your network.';
/** The 409 when someone with the same email (case folded) is on the board. */
export const DUPLICATE_EMAIL_MESSAGE = 'Someone with this email is already on your board.';
/** The 409 when someone with the same email (case folded) is in the network. */
export const DUPLICATE_EMAIL_NETWORK_MESSAGE = 'Someone with this email is already in your network.';
