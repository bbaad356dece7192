import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  alertText,
  createAccount,
  logIn,
  openAccountMenuItem,
  submitLogIn,
  toast,
  uniqueEmail,
  waitForBoard,
} from './helpers/auth';
import { currentPath, hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { linkTo, waitForMail } from './helpers/mail';
import { BILLING_NOT_CONFIGURED } from './helpers/billing';
import { checkScreen, linesOfText } from './helpers/screen';

async function openSettings(page: Page): Promise<void> {
  await openAccountMenuItem(page, 'Settings');
  await waitForPath(page, '/settings');
  await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
}

describe('journey 5: settings and account', () => {
  const browser = useBrowser();

  it('changes the password: a wrong current password is refused, the right one logs out to /password-updated', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'change-password');
    await openSettings(page);
    await visible(page.getByText(account.email, { exact: true }));
    await checkScreen(page, 'settings');

    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('Enter new password', { exact: true });
    const again = page.getByLabel('Re-enter new password', { exact: true });
    // Cancel and 'Update Password' appear once the current password is typed.
    expect(await page.getByRole('button', { name: 'Update Password' }).count()).toBe(0);
    await current.fill('Not4MyPassword');
    await next.fill('Changed4Network');
    await again.fill('Changed4Network');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Original password incorrect.');
    await waitForPath(page, '/settings');

    await current.fill(account.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await waitForPath(page, '/password-updated');
    await visible(page.getByText('Password updated! Please log in using your new password.'));

    // Logged out: the board is closed, the old password fails, the new one works.
    await page.goto('/kanban');
    await waitForPath(page, '/');
    await submitLogIn(page, account.email, account.password);
    await alertText(page, 'Invalid email or password.');
    await logIn(page, account.email, 'Changed4Network');
  });

  it('changes the email: pending until the link sent to the new address is followed', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'change-email');
    const newEmail = uniqueEmail('new-address');
    await openSettings(page);

    await page.getByRole('button', { name: 'Edit email address' }).click();
    const field = page.getByLabel('Email address', { exact: true });
    const update = page.getByRole('button', { name: 'Update email address' });
    await visible(page.getByRole('button', { name: 'Cancel' }).first());
    // Unchanged or invalid addresses cannot be submitted.
    expect(await field.inputValue()).toBe(account.email);
    await page.getByLabel('Confirm with password', { exact: true }).fill(account.password);
    expect(await update.isDisabled()).toBe(true);
    await field.fill('not-an-address');
    expect(await update.isDisabled()).toBe(true);
    await field.fill(newEmail);
    expect(await update.isEnabled()).toBe(true);
    await checkScreen(page, 'settings-edit-email');
    await update.click();

    await waitForPath(page, `/email-confirmation/${newEmail}`);
    await visible(page.getByRole('heading', { name: 'Confirm your email address' }));
    await visible(page.getByText(newEmail, { exact: true }));

    // Still the old address until confirmed; the settings say what is pending.
    await page.goto('/settings');
    await visible(page.getByText(account.email, { exact: true }));
    await visible(page.getByText(`Waiting for you to confirm ${newEmail}.`));

    const mail = await waitForMail(newEmail, SUBJECTS.confirmChange);
    await page.goto(linkTo(mail, '/email-confirmation/'));
    await visible(page.getByRole('heading', { name: 'Email address updated!' }));
    // The address moves to the next line whole; it used to break at its hyphen.
    expect(await linesOfText(page, newEmail)).toBe(1);
    await checkScreen(page, 'email-updated');
    await page.getByRole('link', { name: 'Back to Board' }).click();
    await waitForPath(page, '/kanban');
    await waitForBoard(page);

    await openSettings(page);
    await visible(page.getByText(newEmail, { exact: true }));
    expect(await page.getByText(/Waiting for you to confirm/).count()).toBe(0);

    // The new address logs in; the old one no longer does.
    const other = await browser.openPage();
    await submitLogIn(other, account.email, account.password);
    await alertText(other, 'Invalid email or password.');
    await logIn(other, newEmail, account.password);
  });

  it('deletes the account through its confirmation dialog; logging in again fails', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'delete');

    await openAccountMenuItem(page, 'Account');
    await waitForPath(page, '/account');
    await visible(page.getByRole('heading', { level: 1, name: 'Account' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Free plan' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Delete Account' }));
    await expect.poll(() => page.getByRole('button', { name: 'Upgrade to Premium' }).isDisabled()).toBe(true);
    await visible(page.getByText(BILLING_NOT_CONFIGURED));
    await checkScreen(page, 'account');

    // Back from a cancelled checkout: the plan is unchanged.
    await page.goto('/plan-updated/cancel');
    await visible(page.getByRole('heading', { level: 1, name: 'You are on the Free plan' }));
    await visible(page.getByText('Checkout was canceled. You have not been charged.'));
    // One message, and no disabled upgrade above the main action (issue 27 point 5).
    await expect.poll(() => page.getByRole('button', { name: 'Upgrade to premium plan' }).count()).toBe(0);
    expect(await page.getByText(BILLING_NOT_CONFIGURED).count()).toBe(0);
    await checkScreen(page, 'plan-updated');
    await openAccountMenuItem(page, 'Account');
    await waitForPath(page, '/account');

    // Cancel keeps everything.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Delete account?' }));
    await checkScreen(page, 'delete-account-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    // Re-authentication: the account goes only with the password.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Delete account?' }));
    const confirmDelete = dialog.getByRole('button', { name: 'Delete account' });
    expect(await confirmDelete.isDisabled()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill('Not-the-passw0rd');
    await confirmDelete.click();
    await toast(page, 'Original password incorrect.');
    await visible(dialog);
    expect(currentPath(page)).toBe('/account');
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await confirmDelete.click();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));
    await page.goto('/kanban');
    await waitForPath(page, '/');

    await submitLogIn(page, account.email, account.password);
    expect(await alertText(page, 'Invalid email or password.')).toBe('Invalid email or password.');
    await waitForPath(page, '/login');
  });

  it('makes a private calendar address, which serves the follow-ups until it is reset', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'calendar-feed');
    await openSettings(page);
    await page.getByRole('button', { name: 'Create calendar address' }).click();
    const address = page.getByLabel('Your private calendar address');
    await visible(address);
    const first = await address.inputValue();
    expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await page.getByText('How to add it to Google Calendar, Apple Calendar or Outlook').click();
    await address.scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-calendar-feed');

    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Reset address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the calendar address?' });
    await visible(dialog);
    await checkScreen(page, 'settings-calendar-feed-reset');
    await dialog.getByRole('button', { name: 'Reset address' }).click();
    await toast(page, 'New calendar address made. The old one no longer works.');
    await hidden(dialog);
    const second = await address.inputValue();
    expect(second).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);
  });
});
