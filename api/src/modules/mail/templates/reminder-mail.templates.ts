import { renderLayout, type RenderedMail } from './layout';

export interface FollowUp {
  name: string;
  title: string | null;
  company: string | null;
  /** The next-contact date (`YYYY-MM-DD`). */
  due: string;
  url: string;
  last: { method: string; date: string; excerpt: string } | null;
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function longDate(day: string): string {
  return LONG_DATE.format(new Date(`${day}T00:00:00Z`));
}

/** The daily email: who to follow up with today, what happened last with each. */
export function followUpReminderMail(
  to: { name: string },
  followUps: readonly FollowUp[],
  links: { board: string; unsubscribe: string; oneClickUnsubscribe: string },
): RenderedMail {
  const count = followUps.length;
  const mail = renderLayout({
    subject: count === 1 ? `Follow up with ${followUps[0]?.name} today` : `${count} people to follow up with today`,
    greetingName: to.name,
    paragraphs: [
      count === 1
        ? 'One person in your network is due for a follow-up.'
        : `${count} people in your network are due for a follow-up.`,
    ],
    items: followUps.map((f) => ({
      heading: f.name,
      url: f.url,
      lines: [
        [f.title, f.company].filter(Boolean).join(' at ') || 'No title or company yet',
        `Due ${longDate(f.due)}`,
        ...(f.last
          ? [`Last: ${f.last.method} on ${longDate(f.last.date)}${f.last.excerpt ? ` — “${f.last.excerpt}”` : ''}`]
          : ['No interaction logged yet']),
      ],
    })),
    // One person: the button opens that person's card, not the board (issue 27 point 15).
    action:
      count === 1 && followUps[0]
        ? { label: `Open ${followUps[0].name}’s card`, url: followUps[0].url }
        : { label: 'Open your board', url: links.board },
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
