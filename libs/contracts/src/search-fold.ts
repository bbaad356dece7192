/**
 * The network's search folding (issue 26): the one function the API stores in `contacts.search_text`
 * and applies to a query, and the web applies to filter what it already holds, so both fold alike.
 * Accents and case are folded ("Müller" → "muller", "ÉMILE" → "emile"), letters that Unicode does
 * not decompose get their usual Latin spelling (ß → ss, ø → o, ł → l, æ → ae, œ → oe, đ → d, þ → th),
 * and runs of white space become one space.
 */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search, folded: every one must appear in a match (partial words count). */
export function searchWords(query: string): string[] {
  return foldForSearch(query)
    .split(' ')
    .filter((word) => word !== '');
}

/** The text a person is found by: name, title, company and email, folded, one space apart. */
export function contactSearchText(fields: {
  name: string;
  title?: string | null | undefined;
  company?: string | null | undefined;
  email?: string | null | undefined;
}): string {
  return foldForSearch([fields.name, fields.title, fields.company, fields.email].filter(Boolean).join(' '));
}
