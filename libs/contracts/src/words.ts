// The product's words, written once (issue 27 point 8). The web app, the extension and the emails
// take these labels from here, so two screens cannot name one thing two ways; the lint rule
// `tend/words-from-one-place` (eslint-rules.mjs) refuses the phrases written anywhere else. No zod
// here: the extension's popup and the landing page import it without the schema library.
//
// The choices, the spec's wording first where it gives one:
// - An entry point (a menu item, a section heading and its button) is in Title Case, as the spec
//   writes 'Forgot Your Password?', 'Log Out' and the 'Delete Account section'; the dialog it opens
//   asks in sentence case, as the spec's confirm dialogs do ('Log out?', 'Delete contact?').
// - People see "column", never "tier" (an internal name for the same thing).
// - US spelling, as the spec's 'Canceled': canceled, not cancelled.
// - The plan's allowance is counted in contacts; a "card" is what one contact looks like on the
//   board, and one sentence never mixes the two.

export const WORDS = {
  logIn: 'Log in',
  forgotPassword: 'Forgot Your Password?',
  /** The account menu's item (spec: 'Log Out -> logout confirmation'). */
  logOutMenuItem: 'Log Out',
  /** The log-out dialog (spec: 'Log out?' ... with Cancel and Log out). */
  logOutTitle: 'Log out?',
  logOut: 'Log out',
  /** The Account screen's section heading and the button that opens its dialog. */
  deleteAccountHeading: 'Delete Account',
  deleteAccountTitle: 'Delete account?',
  deleteAccountConfirm: 'Delete account',
  /** A Premium plan set to end with its period (spec: shows 'Canceled' and the end date). */
  canceled: 'Canceled',
  checkoutCanceled: 'Checkout was canceled. You have not been charged.',
  importCanceled: 'Import canceled',
  importNotCanceled: 'The import could not be canceled. Please try again.',
  /** A board column, as a field's label (the extension's popup, the import's column picker). */
  column: 'Column',
  loadingColumns: 'Loading columns…',
  noColumns: 'Your board has no columns: add one in Tend first.',
  /** The extension's popup on a profile already saved (issue 29): one click logs what Done logs. */
  logMessaged: 'Log that I messaged them',
  snooze: 'Snooze',
  /** The first follow-up of a card saved from the popup, and its choices. */
  firstFollowUp: 'Follow up',
  followUpOnDate: 'On a date…',
  noFollowUp: 'No follow-up',
  firstNote: 'Note',
  lastContact: 'Last contact',
  nextFollowUp: 'Next follow-up',
  never: 'Never',
  putOnBoard: 'Put on the board',
} as const;

/** The first follow-up by the column's cadence (the choice that lets the rule decide). */
export const byColumnWords = (cadenceDays: number | null) =>
  cadenceDays === null ? 'By column: none' : `By column: in ${cadenceDays} ${cadenceDays === 1 ? 'day' : 'days'}`;

/** How a follow-up date stands against today, in words: "3 days overdue", "Due today", "In 5 days". */
export const followUpWords = (daysFromToday: number) =>
  daysFromToday < 0
    ? `${-daysFromToday} ${daysFromToday === -1 ? 'day' : 'days'} overdue`
    : daysFromToday === 0
      ? 'Due today'
      : `In ${daysFromToday} ${daysFromToday === 1 ? 'day' : 'days'}`;

/** A drag that Escape put back: what the screen reader hears. */
export const dragCanceledMessage = (name: string) => `Moving ${name} was canceled. It is back where it started.`;
