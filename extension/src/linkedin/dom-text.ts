/** Text as a person sees it: screen-reader-only copies, scripts and hidden nodes skipped. */

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'svg']);
/** LinkedIn repeats most lines in a screen-reader-only copy; reading both doubles the text. */
const SCREEN_READER_ONLY = ['visually-hidden', 'a11y-text', 'sr-only'];
/** Elements that flow inside a line; every other element starts a new piece of text. */
const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'em',
  'i',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
]);

export function visibleText(node: Node | null | undefined): string {
  if (!node) return '';
  const parts: string[] = [];
  const walk = (current: Node): void => {
    if (current.nodeType === TEXT_NODE) {
      parts.push(current.nodeValue ?? '');
      return;
    }
    if (current.nodeType !== ELEMENT_NODE) return;
    const element = current as Element;
    const tag = element.localName.toLowerCase();
    if (SKIPPED_TAGS.has(tag) || element.hasAttribute('hidden')) return;
    if (SCREEN_READER_ONLY.some((name) => element.classList.contains(name))) return;
    const block = !INLINE_TAGS.has(tag);
    if (block) parts.push(' ');
    for (const child of Array.from(element.childNodes)) walk(child);
    if (block) parts.push(' ');
  };
  walk(node);
  return cleanText(parts.join(''));
}

/** Collapses whitespace and drops zero-width characters. */
export function cleanText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text, or null when there is none. */
export function textOrNull(value: string | null | undefined): string | null {
  const text = cleanText(value);
  return text === '' ? null : text;
}
