/**
 * Reads the LinkedIn profile the user is looking at from the page itself: no request, no
 * LinkedIn API. Pure over a Document and the page URL, so it is unit tested against saved pages.
 *
 * LinkedIn changes its markup often and serves several layouts at once (signed-in top cards of
 * different years, pages with hashed class names, the signed-out public page), so every field
 * has several strategies, tried in order: the known top-card selectors, then structure and ARIA
 * labels that survive class renames, then the page's metadata (JSON-LD, Open Graph, title).
 */
import { canonicalLinkedInUrl } from '@tend/contracts';
import { cleanText, textOrNull, visibleText } from './dom-text';

export interface LinkedInProfile {
  /** '' when no strategy found a name (the popup then asks for one). */
  name: string;
  /** The headline. */
  title: string | null;
  /** The current company. */
  company: string | null;
  /** An absolute https URL of the profile photo on LinkedIn's media host, or null (none, or the placeholder). */
  photoUrl: string | null;
  /** `canonicalLinkedInUrl` of the page. */
  profileUrl: string;
}

export function readProfile(doc: Document, pageUrl: string): LinkedInProfile | null {
  const profileUrl = canonicalLinkedInUrl(pageUrl);
  if (!profileUrl) return null;

  const topCard = findTopCard(doc);
  const person = readJsonLdPerson(doc);
  const nameHeading = findNameHeading(topCard);
  const name =
    textOrNull(visibleText(nameHeading)) ??
    textOrNull(person?.name) ??
    nameFromMetaTags(doc) ??
    nameFromTitle(doc.title) ??
    '';

  return {
    name,
    title: readHeadline(topCard, nameHeading) ?? textOrNull(person?.jobTitle),
    company: companyFromTopCard(topCard) ?? textOrNull(person?.company) ?? companyFromExperience(doc),
    photoUrl: readPhotoUrl(topCard, name, pageUrl) ?? photoFromMetadata(doc, person, pageUrl),
    profileUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// Top card

const TOP_CARD_SELECTORS = [
  'section.pv-top-card',
  'section[data-member-id]',
  '[data-view-name="profile-top-card"]',
  'section.top-card-layout',
  '.pv-top-card',
  '.top-card-layout',
];

/** The block with the person's name, headline and photo; never the nav bar or "People also viewed". */
function findTopCard(doc: Document): Element | null {
  const main = doc.querySelector('main') ?? doc.body;
  if (!main) return null;
  for (const selector of TOP_CARD_SELECTORS) {
    const found = main.querySelector(selector);
    if (found?.querySelector('h1')) return found;
  }
  const heading = main.querySelector('h1');
  return heading?.closest('section') ?? (heading ? main : null);
}

function findNameHeading(topCard: Element | null): Element | null {
  if (!topCard) return null;
  return (
    topCard.querySelector('h1.text-heading-xlarge') ??
    topCard.querySelector('h1.top-card-layout__title') ??
    topCard.querySelector('h1')
  );
}

const HEADLINE_SELECTORS = [
  '.text-body-medium.break-words',
  '[data-generated-suggestion-target]',
  'h2.top-card-layout__headline',
  '.pv-top-card-section__headline',
];

function readHeadline(topCard: Element | null, nameHeading: Element | null): string | null {
  if (!topCard) return null;
  for (const selector of HEADLINE_SELECTORS) {
    const text = textOrNull(visibleText(topCard.querySelector(selector)));
    if (text) return text;
  }
  return nameHeading ? headlineNextToName(nameHeading, topCard) : null;
}

/**
 * Layout-independent: the headline is the first block of plain text after the block holding the
 * name. Badges (pronouns, degree, verified) are inline and skipped; a block with a link or a
 * button (the location with "Contact info", the company buttons) means there is no headline.
 */
function headlineNextToName(nameHeading: Element, topCard: Element): string | null {
  for (let node: Element | null = nameHeading; node && node !== topCard; node = node.parentElement) {
    for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
      if (!['div', 'p', 'h2'].includes(sibling.localName)) continue;
      const text = textOrNull(visibleText(sibling));
      if (!text) continue;
      if (sibling.querySelector('a, button, img, ul, ol, h1')) return null;
      return text;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Current company

/** "Current company: Acme. Click to skip to experience card" (the top card's company button). */
const CURRENT_COMPANY_LABEL = /^\s*current company\s*:\s*(.+?)(?:\.\s*click to skip to experience card\.?)?\s*$/i;

function companyFromTopCard(topCard: Element | null): string | null {
  if (!topCard) return null;
  for (const element of Array.from(topCard.querySelectorAll('[aria-label]'))) {
    const match = CURRENT_COMPANY_LABEL.exec(element.getAttribute('aria-label') ?? '');
    if (match) return textOrNull(visibleText(element)) ?? textOrNull(match[1]);
  }
  const linked =
    // 2022 top card: the right panel's first link jumps to the experience card
    topCard.querySelector('.pv-text-details__right-panel a[href$="#experience"]') ??
    // the signed-out public page
    topCard.querySelector('[data-tracking-control-name="public_profile_topcard-current-company"]') ??
    topCard.querySelector('[data-section="currentPositionsDetails"]');
  return textOrNull(visibleText(linked));
}

/**
 * The experience card: the first position still running. A position is current when its date
 * range has no end year ("Jun 2019 - Present", "2020年4月 - 現在", "1986 - heute"), which works in
 * every language LinkedIn is shown in.
 */
function companyFromExperience(doc: Document): string | null {
  const section = findExperienceSection(doc);
  if (!section) return null;
  const list = section.querySelector('ul');
  if (!list) return null;
  for (const entry of Array.from(list.children)) {
    if (entry.localName !== 'li' || !isCurrentPosition(entry)) continue;
    const company = companyOfEntry(entry);
    if (company) return company;
  }
  return null;
}

function findExperienceSection(doc: Document): Element | null {
  const anchor = doc.getElementById('experience');
  if (anchor) return anchor.closest('section') ?? anchor.parentElement;
  return (
    doc.querySelector('section[data-section="experience"]') ??
    doc.querySelector('section[data-view-name="profile-card-experience"]') ??
    Array.from(doc.querySelectorAll('main section')).find(
      (section) => visibleText(section.querySelector('h2')).toLowerCase() === 'experience',
    ) ??
    null
  );
}

const DATE_RANGE = /\d{4}[^-–—·]*?\s[-–—]\s([^·]*)/g;

function isCurrentPosition(entry: Element): boolean {
  const captions = entry.querySelectorAll('.pvs-entity__caption-wrapper, .date-range, .experience-item__duration');
  const lines = captions.length ? Array.from(captions) : leafElements(entry);
  return lines.some((line) => {
    for (const match of visibleText(line).matchAll(DATE_RANGE)) {
      const end = match[1] ?? '';
      if (!/\d{4}/.test(end) && /\p{L}/u.test(end)) return true;
    }
    return false;
  });
}

function companyOfEntry(entry: Element): string | null {
  // Several roles at one company: the company heads the group and the roles are a nested list.
  if (entry.querySelector('.pvs-entity__sub-components li, ul li')) {
    return textOrNull(visibleText(entry.querySelector('.t-bold')));
  }
  const line =
    entry.querySelector('span.t-14.t-normal:not(.t-black--light)') ??
    entry.querySelector('h4') ??
    leafElements(entry)[1] ??
    null;
  return withoutEmploymentType(visibleText(line));
}

/** "Acme Corp · Full-time" -> "Acme Corp". */
function withoutEmploymentType(text: string): string | null {
  return textOrNull(text.split(' · ')[0]);
}

/** Elements holding text directly (no element children), in document order. */
function leafElements(root: Element): Element[] {
  return Array.from(root.querySelectorAll('*')).filter(
    (element) => element.childElementCount === 0 && cleanText(element.textContent) !== '',
  );
}

// ---------------------------------------------------------------------------------------------
// Photo

const PHOTO_SELECTORS = [
  'img.pv-top-card-profile-picture__image--show',
  'img.pv-top-card-profile-picture__image',
  'img.profile-photo-edit__preview',
  'img.pv-top-card__photo',
  '.pv-top-card__photo img',
  'img.top-card__profile-image',
];

function readPhotoUrl(topCard: Element | null, name: string, pageUrl: string): string | null {
  if (!topCard) return null;
  for (const selector of PHOTO_SELECTORS) {
    for (const image of Array.from(topCard.querySelectorAll(selector))) {
      const url = usablePhoto(image, pageUrl);
      if (url) return url;
    }
  }
  // Hashed class names: the image in the top card whose text alternative is the person's name.
  const lowerName = name.toLowerCase();
  if (!lowerName) return null;
  for (const image of Array.from(topCard.querySelectorAll('img'))) {
    const label = `${image.getAttribute('alt') ?? ''} ${image.getAttribute('title') ?? ''}`.toLowerCase();
    if (!label.includes(lowerName)) continue;
    const url = usablePhoto(image, pageUrl);
    if (url) return url;
  }
  return null;
}

function usablePhoto(image: Element, pageUrl: string): string | null {
  if (/ghost/i.test(image.getAttribute('class') ?? '')) return null;
  const current = (image as HTMLImageElement).currentSrc;
  const candidates = [current, image.getAttribute('src'), image.getAttribute('data-delayed-url')];
  for (const candidate of candidates) {
    const url = profilePhotoUrl(candidate, pageUrl);
    if (url) return url;
  }
  return null;
}

/** LinkedIn's member photos live under /dms/image/ on its media host; placeholders do not. */
export function profilePhotoUrl(candidate: string | null | undefined, baseUrl: string): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate, baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (!/^media(-exp\d+)?\.licdn\.com$/.test(url.hostname)) return null;
  if (!url.pathname.includes('/dms/image/')) return null;
  if (/displaybackgroundimage|company-logo|background/i.test(url.pathname)) return null;
  return url.toString();
}

function photoFromMetadata(doc: Document, person: JsonLdPerson | null, pageUrl: string): string | null {
  const candidates = [person?.image, doc.querySelector('meta[property="og:image"]')?.getAttribute('content')];
  for (const candidate of candidates) {
    const url = profilePhotoUrl(candidate, pageUrl);
    if (url?.includes('profile-displayphoto')) return url;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Metadata

interface JsonLdPerson {
  name?: string;
  jobTitle?: string;
  company?: string;
  image?: string;
}

/** The signed-out public page describes the person in JSON-LD (`@type: Person`). */
function readJsonLdPerson(doc: Document): JsonLdPerson | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    const person = findPerson(data);
    if (person) return person;
  }
  return null;
}

function findPerson(data: unknown): JsonLdPerson | null {
  const nodes: unknown[] = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data['@graph'])
      ? data['@graph']
      : [data];
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    const type = node['@type'];
    if (type !== 'Person' && !(Array.isArray(type) && type.includes('Person'))) continue;
    const worksFor = firstOf(node['worksFor']);
    const image = node['image'];
    return {
      name: stringOf(node['name']),
      jobTitle: stringOf(firstOf(node['jobTitle'])),
      company: isRecord(worksFor) ? stringOf(worksFor['name']) : undefined,
      image: isRecord(image) ? stringOf(image['contentUrl']) : stringOf(image),
    };
  }
  return null;
}

function nameFromMetaTags(doc: Document): string | null {
  const meta = (property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
  const first = cleanText(meta('profile:first_name'));
  const last = cleanText(meta('profile:last_name'));
  const full = textOrNull(`${first} ${last}`);
  if (full) return full;
  return nameFromTitle(meta('og:title') ?? '');
}

/** "(3) Ada Lovelace | LinkedIn" or "Ada Lovelace - Acme | LinkedIn" -> "Ada Lovelace". */
function nameFromTitle(title: string): string | null {
  const text = cleanText(title)
    .replace(/^\(\d+\+?\)\s*/, '')
    .replace(/\s*\|\s*LinkedIn\s*$/i, '');
  const name = textOrNull(text.split(' - ')[0]);
  return name && name.toLowerCase() !== 'linkedin' ? name : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
