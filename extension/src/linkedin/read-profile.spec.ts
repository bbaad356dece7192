import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profilePhotoUrl, readProfile, type LinkedInProfile } from './read-profile';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** A saved page, parsed as the browser parses it (the reader gets the page URL separately). */
function page(fixture: string): Document {
  return parse(readFileSync(join(import.meta.dirname, 'fixtures', fixture), 'utf8'));
}

interface Case {
  fixture: string;
  url: string;
  expected: LinkedInProfile;
  what: string;
}

const cases: Case[] = [
  {
    what: '2024 top card with photo, headline, pronouns, company button, tracking query',
    fixture: 'logged-in-2024-full.html',
    url: 'https://www.linkedin.com/in/ada-lovelace/?originalSubdomain=uk',
    expected: {
      name: 'Ada Lovelace',
      title: 'Mathematician · First computer programmer · Writing notes on the Analytical Engine',
      company: 'Analytical Engines Ltd',
      photoUrl:
        'https://media.licdn.com/dms/image/v2/C4E03AQGo1BKtDUWfsA/profile-displayphoto-shrink_200_200/profile-displayphoto-shrink_200_200/0/1516231450447?e=1735776000&v=beta&t=adaphoto',
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
    },
  },
  {
    what: 'placeholder photo, no company in the top card: the current position of a grouped experience entry',
    fixture: 'logged-in-2024-no-photo.html',
    url: 'https://www.linkedin.com/in/grace-hopper-1906/',
    expected: {
      name: 'Grace Hopper',
      title: 'Rear Admiral & computer scientist — COBOL, compilers and the first "bug"',
      company: 'United States Navy',
      photoUrl: null,
      profileUrl: 'https://www.linkedin.com/in/grace-hopper-1906',
    },
  },
  {
    what: '2023 top card, name and photo only (no headline, no company), contact-info overlay open',
    fixture: 'logged-in-2023-name-only.html',
    url: 'https://www.linkedin.com/in/alan-turing/overlay/contact-info/',
    expected: {
      name: 'Alan Turing',
      title: null,
      company: null,
      photoUrl:
        'https://media.licdn.com/dms/image/v2/C5603AQturing/profile-displayphoto-shrink_400_400/profile-displayphoto-shrink_400_400/0/1600000000000?e=1735776000&v=beta&t=turing',
      profileUrl: 'https://www.linkedin.com/in/alan-turing',
    },
  },
  {
    what: '2022 top card, a long name and a long headline, company linked to #experience',
    fixture: 'logged-in-2022-long-name.html',
    url: 'https://www.linkedin.com/in/maxi-wolfeschlegel/',
    expected: {
      name: 'Maximiliana Alexandrina Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh y de la Cruz Montoya, PhD, MBA',
      title:
        'Chief Transformation Officer | Board Member | Keynote Speaker on Digital Rail, Decarbonisation and Cross-Border Logistics | Ex-McKinsey | Mentor for Women in Engineering | Opinions are my own',
      company: 'Ferrocarriles Transcontinentales del Pacífico Sur S.A. de C.V.',
      photoUrl:
        'https://media-exp1.licdn.com/dms/image/C4D03AQmaxi/profile-displayphoto-shrink_400_400/0/1600000000000?e=1672272000&v=beta&t=maxi',
      profileUrl: 'https://www.linkedin.com/in/maxi-wolfeschlegel',
    },
  },
  {
    what: 'a Japanese name on a Japanese page (company from the experience card, "現在" as the open end)',
    fixture: 'logged-in-2024-japanese.html',
    url: 'https://www.linkedin.com/in/%E5%B1%B1%E7%94%B0-%E5%A4%AA%E9%83%8E-12345678/',
    expected: {
      name: '山田 太郎',
      title: 'ソフトウェアエンジニア｜分散システムと検索基盤',
      company: '株式会社サンプル',
      photoUrl:
        'https://media.licdn.com/dms/image/v2/D5603AQyamada/profile-displayphoto-shrink_200_200/profile-displayphoto-shrink_200_200/0/1700000000000?e=1735776000&v=beta&t=yamada',
      profileUrl: 'https://www.linkedin.com/in/%E5%B1%B1%E7%94%B0-%E5%A4%AA%E9%83%8E-12345678',
    },
  },
  {
    what: 'the signed-out public page (top-card-layout, lazy photo, country host)',
    fixture: 'public-guest-profile.html',
    url: 'https://uk.linkedin.com/in/margaret-hamilton-apollo?trk=people-guest_people_search-card',
    expected: {
      name: 'Margaret Hamilton',
      title: 'Founder & CEO at Hamilton Technologies, Inc. · Software engineering pioneer',
      company: 'Hamilton Technologies, Inc.',
      photoUrl:
        'https://media.licdn.com/dms/image/v2/C4E03AQhamilton/profile-displayphoto-shrink_200_200/profile-displayphoto-shrink_200_200/0/1600000000000?e=2147483647&v=beta&t=card',
      profileUrl: 'https://www.linkedin.com/in/margaret-hamilton-apollo',
    },
  },
  {
    what: '2025 top card with hashed class names (structure and ARIA labels only)',
    fixture: 'logged-in-2025-hashed-classes.html',
    url: 'https://www.linkedin.com/in/katherine-g-johnson/',
    expected: {
      name: 'Katherine Johnson',
      title: 'Research mathematician · Orbital mechanics for Mercury, Apollo and the Space Shuttle',
      company: 'NASA Langley Research Center',
      photoUrl:
        'https://media.licdn.com/dms/image/v2/D4E03AQkjohnson/profile-displayphoto-scale_400_400/B4EZkj/0/1740000000000?e=1767225600&v=beta&t=kj',
      profileUrl: 'https://www.linkedin.com/in/katherine-g-johnson',
    },
  },
];

describe('readProfile on saved profile pages', () => {
  it.each(cases)('$what ($fixture)', ({ fixture, url, expected }) => {
    expect(readProfile(page(fixture), url)).toEqual(expected);
  });

  it('never takes the viewer’s own photo, the cover image or a "People also viewed" photo', () => {
    for (const { fixture, url } of cases) {
      const photo = readProfile(page(fixture), url)?.photoUrl ?? '';
      expect(photo).not.toMatch(/viewer|cover|babbage|aiken|eyles|vaughan/i);
    }
  });
});

describe('readProfile fallbacks', () => {
  const url = 'https://www.linkedin.com/in/ada-lovelace/';

  const build = parse;

  it('answers null on a page that is not a profile', () => {
    const doc = page('logged-in-2024-full.html');
    expect(readProfile(doc, 'https://www.linkedin.com/feed/')).toBeNull();
    expect(readProfile(doc, 'https://example.com/in/ada-lovelace')).toBeNull();
  });

  it('reads the name from the title when the page has not drawn the top card yet', () => {
    const doc = build(
      '<html><head><title>(12) Ada Lovelace | LinkedIn</title></head><body><main></main></body></html>',
    );
    expect(readProfile(doc, url)).toEqual({
      name: 'Ada Lovelace',
      title: null,
      company: null,
      photoUrl: null,
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
    });
  });

  it('reads name, job title, company and photo from JSON-LD and Open Graph when the top card is unknown', () => {
    const doc = build(`<html><head><title>LinkedIn</title>
      <meta property="og:title" content="Ada Lovelace - Analytical Engines | LinkedIn">
      <meta property="og:image" content="https://media.licdn.com/dms/image/v2/X/profile-displayphoto-shrink_800_800/0/1?e=1&amp;v=beta&amp;t=og">
      <script type="application/ld+json">[{"@type":"WebPage"},{"@type":["Person"],"name":"Ada King","jobTitle":"Programmer","worksFor":{"@type":"Organization","name":"Analytical Engines"}}]</script>
      </head><body><main><div>Nothing else</div></main></body></html>`);
    expect(readProfile(doc, url)).toEqual({
      name: 'Ada King',
      title: 'Programmer',
      company: 'Analytical Engines',
      photoUrl: 'https://media.licdn.com/dms/image/v2/X/profile-displayphoto-shrink_800_800/0/1?e=1&v=beta&t=og',
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
    });
  });

  it('falls back to Open Graph profile names and ignores broken JSON-LD', () => {
    const doc = build(`<html><head>
      <meta property="profile:first_name" content="Ada"><meta property="profile:last_name" content="Lovelace">
      <script type="application/ld+json">{ not json</script></head><body></body></html>`);
    expect(readProfile(doc, url)?.name).toBe('Ada Lovelace');
  });

  it('gives an empty name rather than a wrong one when nothing names the person', () => {
    const doc = build('<html><head><title>LinkedIn</title></head><body><main></main></body></html>');
    expect(readProfile(doc, url)?.name).toBe('');
  });

  it('takes no photo when the page swapped in the placeholder because the real one failed to load', () => {
    const doc = build(`<html><body><main><section class="top-card-layout"><h1>Ada Lovelace</h1>
      <img class="top-card__profile-image bg-color-entity-ghost-background" alt="Ada Lovelace"
        src="https://static.licdn.com/aero-v1/sc/h/9c8pery4andzj6ohjkjp54ma2"
        data-delayed-url="https://media.licdn.com/dms/image/v2/C4E03/profile-displayphoto-shrink_200_200/0/1?e=1&amp;t=expired">
      </section></main></body></html>`);
    expect(readProfile(doc, url)?.photoUrl).toBeNull();
  });

  it('reads no current company when every position has ended', () => {
    const doc = build(`<html><body><main>
      <section><h1>Ada Lovelace</h1></section>
      <section><div id="experience"></div><ul>
        <li><span class="t-14 t-normal"><span aria-hidden="true">The Royal Society · Contract</span></span>
            <span class="t-14 t-normal t-black--light"><span class="pvs-entity__caption-wrapper">Jan 1842 - Sep 1843 · 1 yr 9 mos</span></span></li>
      </ul></section></main></body></html>`);
    expect(readProfile(doc, url)?.company).toBeNull();
  });
});

describe('profilePhotoUrl', () => {
  const base = 'https://www.linkedin.com/in/ada/';
  it.each([
    ['https://media.licdn.com/dms/image/v2/C4E03/profile-displayphoto-shrink_200_200/0/1?e=1&v=beta&t=x', true],
    ['https://media-exp1.licdn.com/dms/image/C4E03/profile-displayphoto-shrink_200_200/0/1', true],
    ['https://static.licdn.com/aero-v1/sc/h/9c8pery4andzj6ohjkjp54ma2', false],
    ['https://media.licdn.com/dms/image/v2/D4E16/profile-displaybackgroundimage-shrink_350_1400/0/1', false],
    ['https://media.licdn.com/dms/image/v2/C560B/company-logo_100_100/0/1', false],
    ['http://media.licdn.com/dms/image/v2/C4E03/profile-displayphoto-shrink_200_200/0/1', false],
    ['https://media.licdn.com.evil.example/dms/image/x', false],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', false],
    ['', false],
  ])('%s -> %s', (candidate, usable) => {
    expect(profilePhotoUrl(candidate, base) !== null).toBe(usable);
  });
});
