import type { DraftPurpose, DraftTone } from '@tend/contracts';
import type { DraftContext, DraftInteraction, DraftPrompt } from '../prompt-builder';
import type { AiProvider, WrittenDraft } from './ai-provider';

/** How the last interaction reads in a sentence ("during our video call on March 3"). */
const METHODS: Record<string, string> = {
  'LinkedIn message': 'our LinkedIn conversation',
  'Virtual call': 'our video call',
  Email: 'our email exchange',
  'Phone call': 'our phone call',
  Slack: 'our Slack conversation',
  Discord: 'our Discord conversation',
  'Other (add in notes)': 'our last conversation',
};

// Formatters are made once: making one costs far more than using it.
const DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const DAY_AND_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 3" this year, "March 3, 2025" another. */
function day(date: string, today: string): string {
  const format = date.slice(0, 4) === today.slice(0, 4) ? DAY : DAY_AND_YEAR;
  return format.format(new Date(`${date}T00:00:00Z`));
}

function monthOf(date: string): string {
  return MONTH.format(new Date(`${date}T00:00:00Z`));
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

interface Facts {
  first: string;
  /** "our video call on March 3", or null without history. */
  last: string | null;
  /** " at Analytical Engines", or ''. */
  at: string;
  /** "your role as Analyst at Analytical Engines", or a vaguer phrase. */
  role: string;
  /** " since our video call on March 3" / " since we connected in May 2024" / ''. */
  since: string;
}

function factsOf(context: DraftContext, last: DraftInteraction | undefined): Facts {
  const { contact } = context;
  const lastPhrase = last
    ? `${METHODS[last.method] ?? 'our last conversation'} on ${day(last.date, context.today)}`
    : null;
  const role =
    contact.title && contact.company
      ? `your role as ${contact.title} at ${contact.company}`
      : contact.company
        ? `your work at ${contact.company}`
        : contact.title
          ? `your role as ${contact.title}`
          : 'your recent news';
  return {
    first: firstName(contact.name),
    last: lastPhrase,
    at: contact.company ? ` at ${contact.company}` : '',
    role,
    since: lastPhrase
      ? ` since ${lastPhrase}`
      : contact.dateConnected
        ? ` since we connected in ${monthOf(contact.dateConnected)}`
        : '',
  };
}

type Body = (f: Facts) => string;

/** The body of the message, by purpose and tone; each names the last interaction when there is one. */
const BODIES: Record<DraftPurpose, Record<DraftTone, Body>> = {
  'check-in': {
    warm: (f) =>
      `I hope you're doing well! ${f.last ? `I've been thinking about ${f.last} and wanted to check in.` : `It's been a little while, and I wanted to check in.`} How have things been going${f.at}? I'd love to hear what you're working on these days.`,
    brief: (f) =>
      `${f.last ? `Following up on ${f.last}.` : 'Just checking in to see how you are doing.'} How are things going${f.at} these days?`,
    formal: (f) =>
      `I hope this message finds you well. ${f.last ? `I am writing to follow up on ${f.last} and to ask how things are progressing${f.at}.` : `I am writing to ask how things are progressing${f.at}, and to stay in touch.`}`,
  },
  referral: {
    warm: (f) =>
      `${f.last ? `I really enjoyed ${f.last}. ` : 'I hope all is well with you! '}I'm exploring new opportunities${f.at ? ` and would love to join the team${f.at}` : ''}. Would you be open to referring me, or pointing me to the right person? No pressure at all; I'm happy to send my résumé or anything else that makes it easy.`,
    brief: (f) =>
      `${f.last ? `Following up on ${f.last}: ` : ''}I'm applying for roles${f.at}. Would you be open to referring me? Happy to send my résumé.`,
    formal: (f) =>
      `${f.last ? `Thank you again for ${f.last}. ` : 'I hope this message finds you well. '}I am currently exploring new opportunities${f.at}, and I would be grateful if you would consider referring me or introducing me to the appropriate person. I would be glad to provide my résumé and any further information.`,
  },
  'thank-you': {
    warm: (f) =>
      `Thank you so much for your time${f.last ? ` during ${f.last}` : ' and your help'}. It meant a lot, and I really appreciated your perspective.`,
    brief: (f) => `I really appreciate your time${f.last ? ` during ${f.last}` : ' and your help'}. It helped a lot.`,
    formal: (f) =>
      `Thank you for taking the time to speak with me${f.last ? ` during ${f.last}` : ''}. I sincerely appreciate your insights and your generosity.`,
  },
  congratulate: {
    warm: (f) =>
      `Congratulations on ${f.role}! I was so happy to hear it${f.last ? `, and I've been thinking about ${f.last} ever since` : ''}. I hope you're enjoying every bit of it.`,
    brief: (f) =>
      `Congratulations on ${f.role}! ${f.last ? `Great to catch up during ${f.last}. ` : ''}Well deserved, and I wish you the best.`,
    formal: (f) =>
      `Please accept my warm congratulations on ${f.role}. ${f.last ? `It was a pleasure to speak with you during ${f.last}, and I` : 'I'} wish you every success in what comes next.`,
  },
  reconnect: {
    warm: (f) =>
      `It's been a while${f.since}, and I wanted to reconnect. How have you been${f.at ? `, and how are things${f.at}` : ''}? I'd love to catch up soon.`,
    brief: (f) => `It's been a while${f.since}. How have you been? I would love to catch up when you have a moment.`,
    formal: (f) =>
      `It has been some time${f.since}, and I would welcome the opportunity to reconnect. I hope all is well${f.at}, and I would be glad to hear your news.`,
  },
};

/**
 * Drafts with no model at all (the default, and what `npm start` uses on a fresh clone): a short
 * message from the same context, by tone and purpose, that names the last interaction (how and
 * when) when there is one. It reads no notes' text, so it used the last interaction only.
 */
export class TemplateProvider implements AiProvider {
  readonly id = 'template';

  write({ context }: { context: DraftContext; prompt: DraftPrompt }): Promise<WrittenDraft> {
    const last = context.interactions[0];
    const facts = factsOf(context, last);
    const sender = context.sender.name.trim();
    const greeting = context.tone === 'formal' ? `Dear ${context.contact.name.trim()},` : `Hi ${facts.first},`;
    const closing =
      context.tone === 'formal'
        ? `Kind regards,\n${sender}`
        : `${context.tone === 'brief' ? 'Thanks' : 'Best'},\n${firstName(sender)}`;
    const body = BODIES[context.purpose][context.tone](facts);
    return Promise.resolve({
      text: `${greeting}\n\n${body}\n\n${closing}`,
      model: 'template',
      usedInteractionIds: last ? [last.id] : [],
    });
  }
}
