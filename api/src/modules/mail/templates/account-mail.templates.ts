import { renderLayout, type RenderedMail } from './layout';

interface Recipient {
  name: string;
}

export function verifyEmailMail(to: Recipient, link: string): RenderedMail {
  return renderLayout({
    subject: 'Confirm your email address for Tend',
    greetingName: to.name,
    paragraphs: ['Welcome to Tend. Confirm your email address to start keeping your network warm.'],
    action: { label: 'Confirm email address', url: link },
    footnote: 'This link works once and expires in 24 hours. If you did not sign up for Tend, ignore this email.',
  });
}

export function confirmEmailChangeMail(to: Recipient, newEmail: string, link: string): RenderedMail {
  return renderLayout({
    subject: 'Confirm your new email address for Tend',
    greetingName: to.name,
    paragraphs: [`You asked to use ${newEmail} for your Tend account. Confirm it to finish the change.`],
    action: { label: 'Confirm new address', url: link },
    footnote: 'This link works once and expires in 24 hours. Until you confirm, your old address stays in use.',
  });
}

export function resetPasswordMail(to: Recipient, link: string): RenderedMail {
  return renderLayout({
    subject: 'Reset your Tend password',
    greetingName: to.name,
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Tend account.'],
    action: { label: 'Reset password', url: link },
    footnote:
      'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}

export function passwordChangedMail(to: Recipient, supportEmail: string): RenderedMail {
  return renderLayout({
    subject: 'Your Tend password was changed',
    greetingName: to.name,
    paragraphs: [
      'The password of your Tend account was just changed, and every other signed-in device was signed out.',
      `If this was not you, reset your password now and write to ${supportEmail}.`,
    ],
  });
}

export function accountDeletedMail(to: Recipient): RenderedMail {
  return renderLayout({
    subject: 'Your Tend account was deleted',
    greetingName: to.name,
    paragraphs: [
      'Your Tend account and everything in it (contacts, columns, notes) has been deleted.',
      'Thank you for tending your network with us. You are welcome back any time.',
    ],
  });
}
