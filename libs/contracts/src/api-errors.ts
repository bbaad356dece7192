// Reading the API's error answers, the same way in the SPA and the extension (zod-free, so the
// extension's popup can use it without the schema library).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `errors` array of an answer's body (`{"errors": ["..."]}`, given parsed or as its text);
 * empty when the body has none.
 */
export function errorsOf(body: unknown): string[] {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body) as unknown;
    } catch {
      return [];
    }
  }
  if (!isRecord(value) || !Array.isArray(value['errors'])) return [];
  return value['errors'].filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/** Body text is only worth showing when it is short plain text, not an HTML error page. */
export function readableBodyText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.startsWith('<') || trimmed.length > 300) return '';
  return trimmed;
}

export interface ErrorAnswer {
  status: number;
  errors: readonly string[];
  statusText?: string;
  bodyText?: string;
}

/**
 * The spec's generic error reader: the `errors` array from the body, else the body text, else the
 * status text. `fallback` (the screen's own message) stands for 5xx answers without an `errors`
 * array, where "Bad Gateway" would help nobody.
 */
export function errorMessageOf(answer: ErrorAnswer, fallback: string): string {
  if (answer.errors[0]) return answer.errors[0];
  if (answer.status >= 500) return fallback;
  return readableBodyText(answer.bodyText ?? '') || answer.statusText || fallback;
}

/** The server's own reason for a 4xx (shown under a screen's message), or null. */
export function reasonOf(answer: ErrorAnswer): string | null {
  return answer.status < 500 ? (answer.errors[0] ?? null) : null;
}
