import { z } from 'zod';
import { contactSchema } from './contacts';

/**
 * The network (issue 26, PRODUCT.md "Network and board"): everyone a user brought in. The board
 * holds the people they tend (`on_board: true`, a column, cadence, reminders); the rest are in the
 * network (`on_board: false`, `tier_id: null`, no due state, no reminders). The free plan's allowance
 * counts cards on the board only; the network is unlimited on both plans.
 *
 * `GET /api/contacts` answers the board only. `GET /api/network` answers the network, a page at a
 * time; `POST /api/contacts/bulk` moves people between the two.
 */

/** A network page holds at most this many people. */
export const NETWORK_PAGE_MAX = 200;
export const NETWORK_PAGE_DEFAULT = 50;
/** The longest search text (longer is refused, not cut). */
export const NETWORK_QUERY_MAX = 200;

/** Connected date newest first (people without one last), or by name. */
export const NETWORK_SORTS = ['connected_desc', 'connected_asc', 'name_asc', 'name_desc'] as const;
export type NetworkSort = (typeof NETWORK_SORTS)[number];

const textFilter = (label: string) =>
  z
    .string()
    .max(NETWORK_QUERY_MAX, { error: `${label} must be at most ${NETWORK_QUERY_MAX} characters.` })
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * `GET /api/network?q=&sort=&cursor=&limit=&company=&title=&import_id=` (query strings).
 * `q` matches name, title, company and email, partial words, accents and case folded ("muller" finds
 * "Müller"); `company` and `title` narrow the same way on one field; `import_id` keeps the people that
 * import brought into the network (the triage step after an import).
 */
export const networkQuerySchema = z.strictObject({
  q: textFilter('The search'),
  company: textFilter('The company filter'),
  title: textFilter('The title filter'),
  import_id: z.string().max(64).optional(),
  sort: z
    .enum(NETWORK_SORTS, { error: `Sort by one of: ${NETWORK_SORTS.join(', ')}.` })
    .optional()
    .default('connected_desc'),
  /** Opaque: the `next_cursor` of the previous page (stable under inserts: keyset, not offset). */
  cursor: z.string().max(500).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NETWORK_PAGE_MAX}.` })
    .int({ error: `limit must be a whole number from 1 to ${NETWORK_PAGE_MAX}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${NETWORK_PAGE_MAX}.` })
    .max(NETWORK_PAGE_MAX, { error: `limit must be a whole number from 1 to ${NETWORK_PAGE_MAX}.` })
    .optional()
    .default(NETWORK_PAGE_DEFAULT),
});
export type NetworkQuery = z.infer<typeof networkQuerySchema>;

export const networkPageSchema = z.object({
  items: z.array(contactSchema),
  /** null: this was the last page. */
  next_cursor: z.string().nullable(),
  /** People matching the query (all pages). */
  total: z.number().int(),
});
export type NetworkPage = z.infer<typeof networkPageSchema>;

/** One bulk request moves at most this many people. */
export const BULK_MAX_IDS = 500;
export const BULK_ACTIONS = ['to_board', 'to_network'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST /api/contacts/bulk`: all or nothing. `to_board` needs the column (`tier_id`) and is refused
 * (403 `{ errors }` saying how many fit) when the free board has less room than `ids`; `to_network`
 * takes no column. An id that is not the caller's answers 404 and changes nothing.
 */
export const bulkContactsRequestSchema = z
  .strictObject({
    ids: z
      .array(z.number().int().positive(), { error: 'ids must be a list of contact ids.' })
      .min(1, { error: 'Choose at least one person.' })
      .max(BULK_MAX_IDS, { error: `Move at most ${BULK_MAX_IDS} people at a time.` }),
    action: z.enum(BULK_ACTIONS, { error: `action must be one of: ${BULK_ACTIONS.join(', ')}.` }),
    tier_id: z.number().int().positive().optional(),
  })
  .refine((body) => body.action !== 'to_board' || body.tier_id !== undefined, {
    error: 'Choose the column to put them in (tier_id).',
    path: ['tier_id'],
  })
  .refine((body) => body.action !== 'to_network' || body.tier_id === undefined, {
    error: 'A move to the network takes no column (leave tier_id out).',
    path: ['tier_id'],
  });
export type BulkContactsRequest = z.infer<typeof bulkContactsRequestSchema>;

export const bulkContactsResponseSchema = z.object({ contacts: z.array(contactSchema) });
export type BulkContactsResponse = z.infer<typeof bulkContactsResponseSchema>;

/**
 * `POST /api/network/hidden` (no body): the limit modal's "move them to the network" after a
 * Premium plan ended. The board's cards hidden past the free allowance (the oldest; the client
 * never sees them, so it cannot name them) go into the network, nothing lost; answers how many.
 */
export const hiddenToNetworkResponseSchema = z.object({ moved: z.number().int() });
export type HiddenToNetworkResponse = z.infer<typeof hiddenToNetworkResponseSchema>;

/** The 403 of a `to_board` move larger than the free board's room. */
export const boardRoomMessage = (fits: number, asked: number) =>
  fits === 0
    ? `Your board is full (free plan). Upgrade to Premium for unlimited cards, or move someone to your network first.`
    : `Only ${fits} of ${asked} fit on your board (free plan). Choose ${fits} or fewer, or upgrade to Premium for unlimited cards.`;
