import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImportMapping } from '@tend/contracts';
import { TimeSlice } from '../src/infra/time/time-slice';
import { zipOf } from './helpers/zip-of';
import { guessMapping, linkedInDate } from '../src/modules/imports/parsers/csv-file';
import { ImportFileError, WRONG_TYPE_MESSAGE } from '../src/modules/imports/parsers/import-file-error';
import {
  readImportFile,
  type FileReading,
  type ImportCard,
  type RowProblem,
} from '../src/modules/imports/parsers/read-import-file';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'imports', name));

interface ReadFile extends FileReading {
  cards: ImportCard[];
  errors: RowProblem[];
}

/** Reads a whole file, keeping every person and every problem it reports. */
async function read(data: Buffer, mapping?: ImportMapping): Promise<ReadFile> {
  const cards: ImportCard[] = [];
  const errors: RowProblem[] = [];
  const reading = await readImportFile(
    data,
    mapping,
    {
      card: (card) => {
        cards.push(card);
        return Promise.resolve();
      },
      problem: (problem) => errors.push(problem),
    },
    new TimeSlice(),
  );
  return { ...reading, cards, errors };
}

async function refusal(data: Buffer): Promise<string> {
  try {
    await read(data);
  } catch (error) {
    if (error instanceof ImportFileError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

const byName = (file: ReadFile, name: string) => file.cards.find((c) => c.card.name === name)?.card;

/** The photo a card brought: a JPEG of 64 x 64 whose mean colour is `color` (the fixtures' README). */
async function expectPhoto(file: ReadFile, name: string, color: string): Promise<void> {
  const photo = file.cards.find((c) => c.card.name === name)?.photo;
  expect(photo, name).toBeInstanceOf(Buffer);
  const image = sharp(photo);
  expect(await image.metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
  const { channels } = await image.stats();
  const expected = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  channels.slice(0, 3).forEach((channel, i) => expect(Math.abs(channel.mean - (expected[i] ?? 0))).toBeLessThan(8));
}

describe('LinkedIn Connections.csv', () => {
  it('reads the file exactly as LinkedIn writes it: BOM, Notes lines, quotes, line breaks, non-Latin names', async () => {
    const file = await read(fixture('linkedin-connections.csv'));
    expect(file.format).toBe('linkedin');
    expect(file.total).toBe(9);
    expect(file.cards.map((c) => c.card.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      '李 雷',
      'Zoë Ørsted',
      'Άλκηστις Παπαδοπούλου',
      'محمد الأحمد',
      "Jean-Luc O'Brien",
    ]);
    expect(byName(file, 'Ada Lovelace')).toEqual({
      name: 'Ada Lovelace',
      title: 'Engineer, Principal',
      company: 'Analytical Engines',
      linked_in: 'https://www.linkedin.com/in/ada-lovelace',
      email: 'ada@analytical.com',
      date_connected: '2023-03-07',
    });
    // Quoted commas and a line break inside a field; the URL in its canonical form (no query, no slash).
    expect(byName(file, 'Grace Hopper')).toMatchObject({
      company: 'US Navy, Inc.',
      title: 'Rear Admiral\nComputer Scientist',
      linked_in: 'https://www.linkedin.com/in/gracehopper',
      date_connected: '2021-12-15',
    });
    expect(byName(file, 'Grace Hopper')).not.toHaveProperty('email');
    expect(byName(file, 'Zoë Ørsted')).toMatchObject({
      linked_in: 'https://www.linkedin.com/in/zoe-orsted',
      email: 'zoe.orsted@example.com',
      title: 'Head of "Wind"',
      date_connected: '2020-02-28',
    });
    expect(byName(file, '李 雷')?.linked_in).toBe('https://www.linkedin.com/in/%E6%9D%8E%E9%9B%B7');
    // A /pub/ address cannot be made canonical: it is kept as it is, and has no LinkedIn key.
    const pub = file.cards.find((c) => c.card.name === "Jean-Luc O'Brien");
    expect(pub?.card.linked_in).toBe('http://www.linkedin.com/pub/jean-luc-obrien/12/345/678');
    expect(pub?.keys).toEqual([]);
    expect(file.cards.find((c) => c.card.name === 'Ada Lovelace')?.keys).toEqual([
      'li:https://www.linkedin.com/in/ada-lovelace',
      'em:ada@analytical.com',
    ]);
    // A member who left LinkedIn has no name; Alan's email breaks the email rule.
    expect(file.errors).toEqual([
      { row: 8, message: 'Name cannot be empty.' },
      { row: 9, message: 'Invalid email address.' },
    ]);
  });

  it('reads the whole data-export ZIP, only its Connections.csv', async () => {
    const zip = await zipOf({
      'Basic_LinkedInDataExport_03-01-2025/Profile.csv': 'First Name,Last Name\nMe,Myself\n',
      'Basic_LinkedInDataExport_03-01-2025/Connections.csv': fixture('linkedin-connections.csv'),
      'Basic_LinkedInDataExport_03-01-2025/messages.csv': 'FROM,TO\n',
    });
    const file = await read(zip);
    expect(file.format).toBe('linkedin');
    expect(file.cards).toHaveLength(7);
  });

  it('refuses a zip bomb, a ZIP without Connections.csv and a broken ZIP', async () => {
    // 30 MB of zeros compress to a few dozen KB.
    const bomb = await zipOf({ 'Connections.csv': Buffer.alloc(30 * 1024 * 1024, 0x41) });
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb)).toBe('Connections.csv in this ZIP unpacks to more than 20 MB, so it is not read.');
    expect(await refusal(await zipOf({ 'Profile.csv': 'a,b\n' }))).toMatch(/^This ZIP has no Connections.csv/);
    const cut = (await zipOf({ 'Connections.csv': fixture('linkedin-connections.csv') })).subarray(0, 60);
    expect(await refusal(cut)).toMatch(/^The ZIP file could not be read/);
  });

  it('turns LinkedIn dates into ISO dates', () => {
    expect(linkedInDate('07 Mar 2023')).toBe('2023-03-07');
    expect(linkedInDate('7 Sep 2019')).toBe('2019-09-07');
    expect(linkedInDate('2019-09-07')).toBe('2019-09-07');
  });
});

describe('vCard', () => {
  it('reads Google Contacts’ vCard 3.0: escaped semicolons, commas and line breaks; a photo URL is not fetched', async () => {
    const file = await read(fixture('google-contacts-3.0.vcf'));
    expect(file.format).toBe('vcard');
    expect(file.errors).toEqual([]);
    expect(byName(file, 'Katherine Johnson')).toEqual({
      name: 'Katherine Johnson',
      title: 'Mathematician; Research Scientist',
      company: 'NASA',
      linked_in: 'https://www.linkedin.com/in/katherine-johnson',
      email: 'katherine@nasa.com',
      phone_number: '+1 757-555-0100',
      connection_description: 'Met at the conference, talked about orbits; trajectories by hand.\nFollow up in spring.',
    });
    expect(file.cards.find((c) => c.card.name === 'Katherine Johnson')?.photo).toBeUndefined();
    expect(byName(file, 'Dorothy Vaughan')).toMatchObject({ company: 'NASA', email: 'dorothy@example.org' });
  });

  it('reads Apple Contacts’ vCard 3.0: folded lines, escaped colons, social profiles, a base64 photo', async () => {
    const file = await read(fixture('apple-contacts-3.0.vcf'));
    expect(file.errors).toEqual([]);
    expect(byName(file, 'Margaret Hamilton')).toEqual({
      name: 'Margaret Hamilton',
      title: 'Director of Software Engineering for the Apollo Guidance Computer',
      company: 'MIT Instrumentation Laboratory',
      linked_in: 'https://www.linkedin.com/in/margaret-hamilton/',
      email: 'margaret@mit.com',
      phone_number: '+1 617 555 0142',
      connection_description:
        'Knows everyone in flight software, introduced by Ada.\nAsk about the "Lauren bug"; she tells it best.',
    });
    await expectPhoto(file, 'Margaret Hamilton', '#c0392b');
    expect(byName(file, 'Åsa Björk')).toMatchObject({ linked_in: 'http://www.linkedin.com/in/asa-bjork' });
    expect(file.cards.find((c) => c.card.name === 'Åsa Björk')?.keys).toContain(
      'li:https://www.linkedin.com/in/asa-bjork',
    );
  });

  it('reads Outlook’s vCard 2.1: quoted-printable (with soft line breaks), bare parameters, a BASE64 photo', async () => {
    const file = await read(fixture('outlook-contacts-2.1.vcf'));
    expect(file.errors).toEqual([]);
    expect(file.cards[0]?.card).toEqual({
      name: 'Jürgen Müller',
      title: 'Vertriebsleiter, Geschäftsbereich Automatisierung und Antriebe',
      company: 'Siemens AG',
      linked_in: 'https://www.linkedin.com/in/juergen-mueller',
      email: 'juergen.mueller@siemens.com',
      phone_number: '+49 89 555 0100',
      connection_description: 'Kennengelernt auf der Hannover Messe.\r\nMag Kaffee, keinen Tee.',
    });
    await expectPhoto(file, 'Jürgen Müller', '#2e86c1');
  });

  it('reads Android’s vCard 2.1: quoted-printable UTF-8 split across a soft break, \\; escapes, a BASE64 photo', async () => {
    const file = await read(fixture('android-contacts-2.1.vcf'));
    expect(file.errors).toEqual([]);
    expect(file.total).toBe(2);
    expect(byName(file, '吳健雄')).toEqual({
      name: '吳健雄',
      title: 'Professor of Physics; Experimentalist',
      company: 'Columbia University',
      email: 'wu@columbia.com',
      phone_number: '+1 212-555-0199',
      connection_description: "Met at the APS meeting in Zürich.\nBeta decay, parity; ask about Ms. Wu's lab.",
    });
    await expectPhoto(file, '吳健雄', '#27ae60');
    expect(byName(file, 'Marie Curie')).toEqual({ name: 'Marie Curie', phone_number: '+33 1 55 55 01 00' });
  });

  it('reads vCard 4.0 (Nextcloud): folded lines, tel: URIs, several cards, a data: URI photo', async () => {
    const file = await read(fixture('nextcloud-contacts-4.0.vcf'));
    expect(file.errors).toEqual([]);
    expect(file.total).toBe(2);
    await expectPhoto(file, 'Hedy Lamarr', '#e67e22');
    expect(byName(file, 'Hedy Lamarr')).toMatchObject({
      title: 'Inventor',
      company: 'Frequency Hopping Ltd.',
      phone_number: '+1-310-555-0123',
      email: 'hedy@example.com',
      connection_description:
        'Spread spectrum pioneer; a long note that is folded onto a second line because it is longer than seventy-five octets.',
    });
    expect(byName(file, 'Chien-Shiung Wu 吳健雄')).toMatchObject({ email: 'wu@columbia.com' });
  });

  it('refuses a file cut short in the middle of a card', async () => {
    expect(await refusal(fixture('broken-cut-short.vcf'))).toBe(
      'Card 2 has no END:VCARD: the file is cut short. Export it again and retry.',
    );
  });
});

describe('generic CSV', () => {
  it('reads Google Contacts’ CSV, guessing the columns from the header', async () => {
    const file = await read(fixture('google-contacts.csv'));
    expect(file.format).toBe('csv');
    expect(file.mapping).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      title: 'Organization Title',
      company: 'Organization Name',
      linked_in: 'Website 1 - Value',
      email: 'E-mail 1 - Value',
      phone_number: 'Phone 1 - Value',
      connection_description: 'Notes',
    });
    expect(byName(file, 'Katherine Johnson')).toEqual({
      name: 'Katherine Johnson',
      title: 'Mathematician',
      company: 'NASA',
      linked_in: 'https://www.linkedin.com/in/katherine-johnson/',
      email: 'katherine@nasa.com',
      phone_number: '+1 757-555-0100',
      connection_description: 'Met at the "Hidden Figures" talk,\nthen again at the conference.',
    });
    expect(file.cards.map((c) => c.card.name)).toEqual(['Katherine Johnson', 'Dorothy Vaughan', 'Mary Jackson']);
    expect(file.errors).toEqual([{ row: 4, message: 'Name cannot be empty.' }]);
  });

  it('uses the mapping it is given', async () => {
    const data = Buffer.from('Who,Where,Mail\nAda Lovelace,Analytical Engines,ADA@example.com\n');
    expect((await read(data)).mapping).toEqual({});
    const file = await read(data, { name: 'Who', company: 'Where', email: 'Mail' });
    expect(file.cards[0]?.card).toEqual({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      email: 'ada@example.com',
    });
    expect((await read(data)).errors[0]?.message).toBe(
      'No column is mapped to the name: choose the column that holds it.',
    );
  });

  it('guesses our own export’s columns', () => {
    expect(
      guessMapping([
        'name',
        'title',
        'company',
        'linked_in',
        'email',
        'phone_number',
        'connection_description',
        'date_connected',
      ]),
    ).toEqual({
      name: 'name',
      title: 'title',
      company: 'company',
      linked_in: 'linked_in',
      email: 'email',
      phone_number: 'phone_number',
      connection_description: 'connection_description',
      date_connected: 'date_connected',
    });
  });

  it('refuses broken files, each with its own message', async () => {
    expect(await refusal(fixture('broken-quote.csv'))).toBe(
      'Row 2 could not be read: a quoted field is never closed. Nothing was imported; fix the file and try again.',
    );
    expect(await refusal(fixture('no-header.csv'))).toBe(
      'The first row of this CSV holds data, not column names. Add a header row (such as Name, Email, Company) and try again.',
    );
    expect(await refusal(Buffer.from('Name,Email,Name\nA,b@c.de,A\n'))).toBe(
      'The column name "Name" appears twice in the header. Give each column its own name and try again.',
    );
    expect(await refusal(Buffer.alloc(0))).toBe('The file is empty.');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await refusal(png)).toBe(WRONG_TYPE_MESSAGE);
  });
});
