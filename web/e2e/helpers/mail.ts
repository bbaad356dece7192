import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from './app';

/** The JSON summary the app writes next to each outbox .eml file. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

/** Messages already returned, so a second wait for the same address and subject gets a newer one. */
const taken = new Set<string>();

function readOutbox(): OutboxMail[] {
  const dir = join(dataDir(), 'outbox');
  if (!existsSync(dir)) return [];
  const mails: OutboxMail[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    try {
      const entry = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Omit<OutboxMail, 'links'>;
      mails.push({ ...entry, links: entry.text.match(/https?:\/\/[^\s<>"]+/g) ?? [] });
    } catch {
      // Being written right now: read it on the next poll.
    }
  }
  return mails;
}

/** The bare address of a "to" field ("Ada <ada@example.com>" or "ada@example.com"). */
function address(to: string): string {
  return (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
}

function matches(subject: string, wanted: string | RegExp): boolean {
  return typeof wanted === 'string' ? subject.includes(wanted) : wanted.test(subject);
}

/**
 * Polls the outbox until a message to `to` whose subject matches arrives (the oldest one not
 * returned before) and returns it with its links.
 */
export async function waitForMail(
  to: string,
  subject: string | RegExp,
  { timeoutMs = 20_000 }: { timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const wantedAddress = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox().find(
      (mail) => !taken.has(mail.file) && address(mail.to) === wantedAddress && matches(mail.subject, subject),
    );
    if (found) {
      taken.add(found.file);
      return found;
    }
    if (Date.now() > deadline) {
      const seen = readOutbox()
        .map((mail) => `  ${mail.to}: ${mail.subject}`)
        .join('\n');
      throw new Error(`No mail to ${to} matching ${String(subject)} within ${timeoutMs} ms. Outbox:\n${seen}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of a message that starts with the app's address and contains `pathPart`. */
export function linkTo(mail: OutboxMail, pathPart: string): string {
  const link = mail.links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`"${mail.subject}" to ${mail.to} has no link containing ${pathPart}: ${mail.text}`);
  return link;
}
