import { renderLayout, type RenderedMail } from './layout';

interface Recipient {
  name: string;
  /** The user's IANA zone: dates are the user's calendar days. */
  timeZone: string;
}

/** "July 1, 2026" in the recipient's zone (the spec's long date). */
function longDate(date: Date, to: Recipient): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: to.timeZone,
  }).format(date);
}

/** What the free plan keeps, in words ("your 25 newest contacts"; every contact when unlimited). */
function freePlanKeeps(cardLimit: number | null): string {
  return cardLimit === null ? 'all your contacts' : `your ${cardLimit} newest contacts`;
}

export function premiumStartedMail(to: Recipient, renewsOn: Date, accountUrl: string): RenderedMail {
  return renderLayout({
    subject: 'Your Tend Premium plan is active',
    greetingName: to.name,
    paragraphs: [
      'Thank you for upgrading. Your Tend Premium plan is active: keep as many contact cards as your network needs.',
      `It renews on ${longDate(renewsOn, to)}. You can see your plan, change your payment method or cancel from your account page.`,
    ],
    action: { label: 'Open your account', url: accountUrl },
  });
}

/** PRODUCT.md §8's payment banner as an email: update the card in the billing portal before the expiry date. */
export function paymentFailedMail(
  to: Recipient,
  switchesOn: Date,
  accountUrl: string,
  cardLimit: number | null,
): RenderedMail {
  return renderLayout({
    subject: 'There is an issue with your payment method',
    greetingName: to.name,
    paragraphs: [
      'We could not charge your payment method for Tend Premium.',
      `Please update your payment information in the billing portal (Account, then Open billing portal). Otherwise your account switches to the free plan on ${longDate(switchesOn, to)}, and your board then shows ${freePlanKeeps(cardLimit)}.`,
    ],
    action: { label: 'Update payment method', url: accountUrl },
  });
}

export function premiumEndedMail(to: Recipient, boardUrl: string, cardLimit: number | null): RenderedMail {
  return renderLayout({
    subject: 'Your Tend Premium plan has ended',
    greetingName: to.name,
    paragraphs: [
      `Your Premium plan has ended and your account is on the free plan. Your board shows ${freePlanKeeps(cardLimit)}; the others are hidden, never deleted, and come back when you upgrade again.`,
    ],
    action: { label: 'Open your board', url: boardUrl },
  });
}
