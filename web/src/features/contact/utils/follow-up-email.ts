import type { DraftProvider } from '@tend/contracts';

/** PRODUCT.md §9: the follow-up email's subject. */
export const FOLLOW_UP_EMAIL_SUBJECT = 'Following-up';

/**
 * A `mailto:` link to the contact with the spec's subject and the draft as body, or null when the
 * address or the body is empty (the tab then says 'Recipient email or body empty.').
 * RFC 6068: every part is percent-encoded (the '@' may stay as it is) and line breaks are CRLF.
 */
export function followUpMailto(email: string | null | undefined, body: string): string | null {
  const address = email?.trim() ?? '';
  if (!address || !body.trim()) return null;
  const to = encodeURIComponent(address).replace(/%40/g, '@');
  const subject = encodeURIComponent(FOLLOW_UP_EMAIL_SUBJECT);
  const text = encodeURIComponent(body.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${subject}&body=${text}`;
}

const PROVIDER_NAMES: Record<DraftProvider, string> = {
  gemini: 'Gemini',
  'openai-compatible': 'Your model (OpenAI-compatible server)',
  template: 'Built-in template (no AI model)',
};

/** Who wrote a draft, as the tab says it: the provider, and the model's name when there is one. */
export function draftAuthorLabel(provider: DraftProvider, model: string): string {
  const name = PROVIDER_NAMES[provider];
  return provider === 'template' || !model ? name : `${name} · ${model}`;
}
