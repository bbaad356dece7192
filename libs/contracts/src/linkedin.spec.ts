import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalLinkedInUrl, isLinkedInHost, isLinkedInProfileUrl } from './linkedin';

const ADA = 'https://www.linkedin.com/in/ada-lovelace';
/** 王小明 as encodeURIComponent writes it (upper-case hex). */
const WANG = 'https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E-1a2b3c';
/** иван-петров */
const IVAN = 'https://www.linkedin.com/in/%D0%B8%D0%B2%D0%B0%D0%BD-%D0%BF%D0%B5%D1%82%D1%80%D0%BE%D0%B2';
/** josé-garcía, precomposed (NFC) */
const JOSE = 'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa';

describe('canonicalLinkedInUrl', () => {
  const table: [input: string, expected: string | null][] = [
    // already canonical
    [ADA, ADA],
    // trailing slash, query, hash, tracking parameters
    ['https://www.linkedin.com/in/ada-lovelace/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace?trk=public_profile_browsemap', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/?originalSubdomain=uk&utm_source=share', ADA],
    ['https://www.linkedin.com/in/ada-lovelace#experience', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAB#top', ADA],
    // extra path parts
    ['https://www.linkedin.com/in/ada-lovelace/overlay/contact-info/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/overlay/photo/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/details/experience/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/recent-activity/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/recent-activity/all/', ADA],
    ['https://www.linkedin.com/in/ada-lovelace/fr', ADA],
    ['https://www.linkedin.com/in/ada-lovelace//', ADA],
    // scheme and host variants
    ['http://www.linkedin.com/in/ada-lovelace', ADA],
    ['https://linkedin.com/in/ada-lovelace', ADA],
    ['https://uk.linkedin.com/in/ada-lovelace', ADA],
    ['https://de.linkedin.com/in/ada-lovelace/', ADA],
    ['https://m.linkedin.com/in/ada-lovelace', ADA],
    ['HTTPS://WWW.LINKEDIN.COM/in/ada-lovelace', ADA],
    ['https://www.LinkedIn.com/in/ada-lovelace', ADA],
    ['https://www.linkedin.com./in/ada-lovelace', ADA],
    ['https://www.linkedin.com:443/in/ada-lovelace', ADA],
    ['https://www.linkedin.com/mwlite/in/ada-lovelace', ADA],
    ['https://www.linkedin.com/IN/ada-lovelace', ADA],
    // no scheme
    ['linkedin.com/in/ada-lovelace', ADA],
    ['www.linkedin.com/in/ada-lovelace/', ADA],
    ['uk.linkedin.com/in/ada-lovelace?trk=x', ADA],
    ['//www.linkedin.com/in/ada-lovelace', ADA],
    ['  https://www.linkedin.com/in/ada-lovelace  \n', ADA],
    // the slug's case (public addresses are case-insensitive)
    ['https://www.linkedin.com/in/Ada-Lovelace', ADA],
    ['https://www.linkedin.com/in/ADA-LOVELACE/', ADA],
    // member-id slugs keep their case
    [
      'https://www.linkedin.com/in/ACoAAABCDEFghijKLMNOpqrs-tuv_WXYZ?lipi=urn',
      'https://www.linkedin.com/in/ACoAAABCDEFghijKLMNOpqrs-tuv_WXYZ',
    ],
    // non-Latin slugs: raw, lower-case hex, upper-case hex all give one form
    ['https://www.linkedin.com/in/王小明-1a2b3c/', WANG],
    ['https://www.linkedin.com/in/%e7%8e%8b%e5%b0%8f%e6%98%8e-1a2b3c', WANG],
    ['https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E-1A2B3C', WANG],
    ['https://cn.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98%8E-1a2b3c?locale=zh_CN', WANG],
    ['linkedin.com/in/王小明-1a2b3c', WANG],
    ['https://www.linkedin.com/in/иван-петров', IVAN],
    ['https://www.linkedin.com/in/Иван-Петров/', IVAN],
    ['https://ru.linkedin.com/in/%D0%98%D0%B2%D0%B0%D0%BD-%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2', IVAN],
    ['https://www.linkedin.com/in/josé-garcía', JOSE],
    ['https://www.linkedin.com/in/JOS%c3%89-GARC%c3%8dA', JOSE],
    // decomposed é (e + U+0301) is normalised to the precomposed form
    ['https://www.linkedin.com/in/jose\u0301-garci\u0301a', JOSE],
    ['https://www.linkedin.com/in/jos%65%CC%81-garc%C3%ADa', JOSE],
    // percent-encoded ASCII is decoded
    ['https://www.linkedin.com/in/%61da-lovelace', ADA],

    // not a LinkedIn profile
    ['', null],
    ['   ', null],
    ['ada-lovelace', null],
    ['https://www.linkedin.com/', null],
    ['https://www.linkedin.com/feed/', null],
    ['https://www.linkedin.com/in/', null],
    ['https://www.linkedin.com/in', null],
    ['https://www.linkedin.com/company/analytical-engines/', null],
    ['https://www.linkedin.com/school/university-of-london/', null],
    ['https://www.linkedin.com/jobs/view/123456/', null],
    ['https://www.linkedin.com/sales/lead/ACwAAA,NAME_SEARCH', null],
    ['https://www.linkedin.com/search/results/people/?keywords=ada', null],
    ['https://www.linkedin.com/pub/ada-lovelace/12/345/678', null],
    ['https://www.linkedin.com/feed/in/ada-lovelace', null],
    ['https://www.linkedin.com/in/../company/acme', null],
    // other sites, look-alike hosts, other schemes
    ['https://example.com/in/ada-lovelace', null],
    ['https://linkedin.com.evil.example/in/ada-lovelace', null],
    ['https://evillinkedin.com/in/ada-lovelace', null],
    ['https://www.linkedin.co/in/ada-lovelace', null],
    ['https://www.linkedin.cn/in/ada-lovelace', null],
    ['https://www.xn--linkedn-ogb.com/in/ada-lovelace', null],
    ['ftp://www.linkedin.com/in/ada-lovelace', null],
    ['javascript:alert(1)//www.linkedin.com/in/ada-lovelace', null],
    ['mailto:ada@linkedin.com', null],
    ['file:///in/ada-lovelace', null],
    ['https://user:pass@www.linkedin.com/in/ada-lovelace', null],
    ['https://www.linkedin.com:8443/in/ada-lovelace', null],
    ['https://www.linkedin.com/in/ada lovelace', null],
    // malformed or impossible slugs
    ['https://www.linkedin.com/in/%E7%8E%8B%E5%B0%8F%E6%98', null],
    ['https://www.linkedin.com/in/ada%2Flovelace', null],
    ['https://www.linkedin.com/in/ada%20lovelace', null],
    ['https://www.linkedin.com/in/ada%0Alovelace', null],
    ['https://www.linkedin.com/in/%25', null],
    ['https://www.linkedin.com/in/%2E%2E', null],
    [`https://www.linkedin.com/in/${'a'.repeat(101)}`, null],
  ];

  it.each(table)('%s -> %s', (input, expected) => {
    expect(canonicalLinkedInUrl(input)).toBe(expected);
  });

  it('accepts a slug of exactly 100 characters, counted as characters rather than bytes', () => {
    expect(canonicalLinkedInUrl(`https://www.linkedin.com/in/${'a'.repeat(100)}`)).toBe(
      `https://www.linkedin.com/in/${'a'.repeat(100)}`,
    );
    const hundredHan = '王'.repeat(100);
    expect(canonicalLinkedInUrl(`https://www.linkedin.com/in/${hundredHan}`)).toBe(
      `https://www.linkedin.com/in/${encodeURIComponent(hundredHan)}`,
    );
  });

  it('is idempotent: a canonical address is its own canonical form', () => {
    for (const [input] of table) {
      const once = canonicalLinkedInUrl(input);
      if (once !== null) expect(canonicalLinkedInUrl(once)).toBe(once);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), (slug) => {
        const once = canonicalLinkedInUrl(`https://uk.linkedin.com/in/${encodeURIComponent(slug)}/?trk=x`);
        if (once !== null) expect(canonicalLinkedInUrl(once)).toBe(once);
      }),
    );
  });

  it('always answers null or an https://www.linkedin.com/in/<one segment> address', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), (url, noise) => {
        for (const input of [url, `https://www.linkedin.com/in/${noise}`]) {
          const result = canonicalLinkedInUrl(input);
          if (result !== null) expect(result).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[^/?#\s]+$/);
        }
      }),
    );
  });

  it('answers null rather than throwing for values that are not strings', () => {
    expect(canonicalLinkedInUrl(undefined as unknown as string)).toBeNull();
    expect(canonicalLinkedInUrl(42 as unknown as string)).toBeNull();
  });
});

describe('isLinkedInHost and isLinkedInProfileUrl', () => {
  it('knows LinkedIn hosts', () => {
    for (const host of ['linkedin.com', 'www.linkedin.com', 'uk.linkedin.com', 'WWW.LINKEDIN.COM', 'linkedin.com.']) {
      expect(isLinkedInHost(host)).toBe(true);
    }
    for (const host of ['example.com', 'linkedin.com.evil.example', 'notlinkedin.com', 'licdn.com']) {
      expect(isLinkedInHost(host)).toBe(false);
    }
  });

  it('tells a profile address from any other', () => {
    expect(isLinkedInProfileUrl('https://uk.linkedin.com/in/ada-lovelace/?trk=x')).toBe(true);
    expect(isLinkedInProfileUrl('https://www.linkedin.com/feed/')).toBe(false);
  });
});
