import { DRAFT_MAX_LENGTH } from '@tend/contracts';

/** A sentence ends at . ! ? or … (closing quotes and brackets included) before a space or the end. */
const SENTENCE_END = /[.!?…]["'”’)\]]*(?=\s|$)/g;

/**
 * Cuts text to at most `max` characters at the end of its last whole sentence; text with no
 * sentence end in reach is cut at a word instead, and marked with an ellipsis.
 */
export function cutAtSentence(text: string, max = DRAFT_MAX_LENGTH): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const match of text.slice(0, max).matchAll(SENTENCE_END)) {
    const after = match.index + match[0].length;
    // The end must be one in the whole text too ("3.14" cut after "3." is not a sentence end).
    if (after === text.length || /\s/.test(text.charAt(after))) end = after;
  }
  if (end > 0) return text.slice(0, end).trimEnd();
  const head = text.slice(0, max - 1);
  const space = head.search(/\s\S*$/);
  return `${(space > 0 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * A model's answer as a draft: plain text (no markdown emphasis, no control characters, no quotes
 * around the whole message), tidy line breaks, at most 1000 characters cut at a sentence end.
 */
export function finishDraft(raw: string, max = DRAFT_MAX_LENGTH): string {
  let text = raw
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/__([^_\n]+)__/g, '$1')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (/^"[^"]+"$/.test(text) || /^“[^“”]+”$/.test(text)) text = text.slice(1, -1).trim();
  return cutAtSentence(text, max);
}
