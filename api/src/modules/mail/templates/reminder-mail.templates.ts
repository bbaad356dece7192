import { renderLayout, type LayoutItem, type RenderedMail } from './layout';

/** One person in the digest. */
export interface DigestPerson {
  name: string;
  title: string | null;
  company: string | null;
  column: string;
  /** The follow-up date (`YYYY-MM-DD`). */
  next: string;
  daysOverdue: number;
  lastContactedOn: string | null;
  lastNote: string | null;
  /** The card's Follow-up tab, and the pages that ask before they mark it done or snooze it. */
  open: string;
  done: string;
  snooze: string;
}

export interface Digest {
  /** Overdue (oldest first) then due today, at most the digest's cap. */
  waiting: DigestPerson[];
  /** Due or overdue people beyond the cap. */
  more: number;
  /** Coming up this week. */
  upcoming: DigestPerson[];
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

function longDate(day: string): string {
  return LONG_DATE.format(new Date(`${day}T00:00:00Z`));
}

/** "Due today", "1 day overdue", "12 days overdue", or "Due Thursday, December 3" for one coming up. */
function whenDue(person: DigestPerson, upcoming: boolean): string {
  if (upcoming) return `Due ${WEEKDAY.format(new Date(`${person.next}T00:00:00Z`))}`;
  if (person.daysOverdue === 0) return 'Due today';
  return person.daysOverdue === 1 ? '1 day overdue' : `${person.daysOverdue} days overdue`;
}

function item(person: DigestPerson, upcoming: boolean): LayoutItem {
  return {
    heading: person.name,
    url: person.open,
    lines: [
      [[person.title, person.company].filter(Boolean).join(' at '), person.column].filter(Boolean).join(' · '),
      `${whenDue(person, upcoming)} · ${person.lastContactedOn ? `Last contact ${longDate(person.lastContactedOn)}` : 'Not contacted yet'}`,
      ...(person.lastNote ? [`“${person.lastNote}”`] : []),
    ],
    links: [
      { label: 'Open', url: person.open },
      { label: 'Done', url: person.done },
      { label: 'Snooze 1 week', url: person.snooze },
    ],
  };
}

/**
 * The reminder digest: everyone waiting (overdue first, then due today), then who is coming up this
 * week. Each person has Open, Done and Snooze 1 week; Done and Snooze open a page that asks first.
 */
export function reminderDigestMail(
  to: { name: string },
  digest: Digest,
  links: { today: string; unsubscribe: string; oneClickUnsubscribe: string },
): RenderedMail {
  const waiting = digest.waiting.length + digest.more;
  const [first] = digest.waiting;
  const mail = renderLayout({
    subject:
      waiting === 1 && first ? `Follow up with ${first.name} today` : `${waiting} people to follow up with today`,
    greetingName: to.name,
    paragraphs: [
      waiting === 1
        ? 'One person in your network is waiting for a follow-up.'
        : `${waiting} people in your network are waiting for a follow-up.`,
    ],
    groups: [
      {
        title: 'Waiting for you',
        items: digest.waiting.map((person) => item(person, false)),
        ...(digest.more > 0 ? { more: { label: `and ${digest.more} more on your Today page`, url: links.today } } : {}),
      },
      ...(digest.upcoming.length > 0
        ? [{ title: 'Coming up this week', items: digest.upcoming.map((person) => item(person, true)) }]
        : []),
    ],
    action: { label: 'Open Today', url: links.today },
    unsubscribe: { label: 'Stop these follow-up reminder emails', url: links.unsubscribe },
  });
  return {
    ...mail,
    headers: {
      // RFC 8058: mail clients offer "unsubscribe" and POST here, without cookies or a form token.
      'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
