/**
 * What a Chrome Web Store submission asks for beyond the package (issue 29 point 4), written once:
 * the listing's texts, the single purpose, why each permission is needed, and the privacy
 * practices, which say what the app's privacy page says (web/src/features/landing/legal-content.ts;
 * build/store.spec.ts holds them together). `writeStoreFolder` (store.ts) writes them into
 * extension/store/ with the zip, the icons and the screenshots.
 */

/** The store's summary is the manifest's description: at most 132 characters. */
export const STORE_SHORT_DESCRIPTION_MAX = 132;

/** Chrome's own permissions, and the host access to the app, each with why Tend needs it. */
export interface PermissionJustification {
  permission: string;
  justification: string;
}

export interface StoreListing {
  name: string;
  shortDescription: string;
  longDescription: string;
  category: string;
  language: string;
  singlePurpose: string;
  permissions: PermissionJustification[];
  remoteCode: { uses: false; justification: string };
  privacy: {
    policyUrl: string;
    /** The store's data categories this extension handles (the dashboard's check boxes), each with what it is. */
    dataCollected: { category: string; what: string }[];
    /** The store's three certifications, all of which Tend makes. */
    certifications: string[];
    /** Sentences of the privacy page this listing repeats (the test checks they are still on it). */
    policySentences: string[];
  };
}

/** The store's summary and the manifest's description (one text). */
export const STORE_SHORT_DESCRIPTION =
  'Save the LinkedIn profile you are looking at to your Tend board, with a note and when to follow up.';

export function storeListing(appOrigin: string): StoreListing {
  return {
    name: 'Tend',
    shortDescription: STORE_SHORT_DESCRIPTION,
    longDescription: [
      'Tend keeps the people of your job search in one board, and tells you each day who to follow up with. This extension is how people get onto that board while you are on LinkedIn.',
      '',
      'On someone’s LinkedIn profile, click the Tend button:',
      '• Save them as a card: the name, headline, company, profile address and photo are read from the page you are on, for you to check before saving.',
      '• Note what just happened (a message, a call) and choose when to follow up: by the column’s rhythm, in a week, two weeks, a month, or on a date.',
      '• Someone already on your board? See their column, when you last spoke and when you follow up next, and log that you messaged them, or snooze, in one click.',
      '• Board full on the free plan? Save them to your network instead, and put them on the board later.',
      '',
      'The extension reads only the tab you click the button on, only when you click it, and sends what you save to your own Tend account and nowhere else. Connect it once from Tend (you approve it there, signed in); disconnect it at any time in Tend’s Settings.',
    ].join('\n'),
    category: 'Workflow & Planning',
    language: 'English',
    singlePurpose:
      'Save the LinkedIn profile you are looking at to your own Tend board (the follow-up tracker for your job-search contacts), with a note and a follow-up date, and log follow-ups with people already on it.',
    permissions: [
      {
        permission: 'activeTab',
        justification:
          'When you click the Tend button on a LinkedIn profile, Tend reads that one tab (the person’s name, headline, company, profile address and photo) to fill in the card you are about to save. Nothing is read before you click, and no other tab is ever read.',
      },
      {
        permission: 'scripting',
        justification:
          'Runs Tend’s profile reader, which ships inside the extension, in the tab you clicked the button on (under activeTab) to read the profile shown there. It changes nothing on the page and runs no code from elsewhere.',
      },
      {
        permission: 'storage',
        justification:
          'Keeps the extension’s own settings on this computer: the address of your Tend, the connection token Tend issued when you connected it, the column you last saved to, and your board’s column names for a minute. Nothing is synced.',
      },
      {
        permission: `Host permission: ${appOrigin}/*`,
        justification:
          'Sends the profile you choose to save, your note and your follow-up date to your own Tend account at this address, and reads whether that person is already on your board. It has no access to any other site.',
      },
    ],
    remoteCode: {
      uses: false,
      justification: 'All of the extension’s code is in its package; it loads and evaluates no code from elsewhere.',
    },
    privacy: {
      policyUrl: `${appOrigin}/privacy-policy`,
      dataCollected: [
        {
          category: 'Personally identifiable information',
          what: 'The name, headline, company and photo of the person whose profile you save, sent to your Tend account only when you click Save.',
        },
        {
          category: 'Authentication information',
          what: 'The connection token Tend issued to this extension, kept in the extension’s storage and sent only to your Tend.',
        },
        {
          category: 'Website content',
          what: 'The text of the LinkedIn profile you are on, read when you click the Tend button, to fill in the card.',
        },
      ],
      certifications: [
        'I do not sell or transfer user data to third parties, outside of the approved use cases.',
        'I do not use or transfer user data for purposes that are unrelated to my item’s single purpose.',
        'I do not use or transfer user data to determine creditworthiness or for lending purposes.',
      ],
      policySentences: [
        'We do not sell your data.',
        'We use your information only to provide Tend',
        'When you delete your account, your contacts, notes and reminders are deleted with it.',
      ],
    },
  };
}

/** The listing as text to paste into the dashboard, field by field. */
export function listingMarkdown(listing: StoreListing): string {
  const lines = [
    `# ${listing.name}: Chrome Web Store listing`,
    '',
    '## Store listing',
    '',
    `**Short description** (the manifest's description, ${listing.shortDescription.length} of ${STORE_SHORT_DESCRIPTION_MAX} characters):`,
    '',
    listing.shortDescription,
    '',
    '**Detailed description:**',
    '',
    listing.longDescription,
    '',
    `**Category:** ${listing.category}  `,
    `**Language:** ${listing.language}`,
    '',
    '## Privacy practices',
    '',
    '**Single purpose:**',
    '',
    listing.singlePurpose,
    '',
    '**Permission justifications:**',
    '',
    ...listing.permissions.map((p) => `- \`${p.permission}\`: ${p.justification}`),
    '',
    `**Remote code:** No. ${listing.remoteCode.justification}`,
    '',
    '**Data usage** (the categories to tick):',
    '',
    ...listing.privacy.dataCollected.map((d) => `- ${d.category}: ${d.what}`),
    '',
    '**Certifications** (tick all three):',
    '',
    ...listing.privacy.certifications.map((c) => `- ${c}`),
    '',
    `**Privacy policy:** ${listing.privacy.policyUrl}`,
    '',
  ];
  return lines.join('\n');
}
