import { describe, expect, it } from 'vitest';
import { SUBJECTS, alertText, checklistStates, createAccount, logIn, logOut, submitLogIn } from './helpers/auth';
import { useBrowser, visible, waitForPath } from './helpers/browser';
import { linkTo, waitForMail } from './helpers/mail';
import { checkScreen, linesOfText } from './helpers/screen';

const NEW_PASSWORD = 'Reset4Network';

describe('journey 3: forgot password', () => {
  const browser = useBrowser();

  it('resets the password through the emailed link; the new password works and the old one fails', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'forgot');
    await logOut(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
    await waitForPath(page, '/forgot-password');
    await visible(page.getByRole('heading', { name: 'Forgot Your Password?' }));
    const send = page.getByRole('button', { name: 'Send email' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    expect(await send.isEnabled()).toBe(true);
    await checkScreen(page, 'forgot-password');
    await send.click();

    await waitForPath(page, '/forgot-password-email-sent');
    await visible(page.getByRole('heading', { name: 'Check your email' }));
    await visible(page.getByText(account.email, { exact: true }));
    await visible(page.getByRole('button', { name: 'Resend email' }));
    await checkScreen(page, 'forgot-password-email-sent');

    const mail = await waitForMail(account.email, SUBJECTS.reset);
    const link = linkTo(mail, '/reset-password/');
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Reset your password' }));
    const reset = page.getByRole('button', { name: 'Reset Password' });
    expect(await reset.isDisabled()).toBe(true);
    await page.getByLabel('Enter new password', { exact: true }).fill(NEW_PASSWORD);
    expect(await checklistStates(page)).toEqual({
      'At least 8 characters': 'met',
      'One uppercase letter': 'met',
      'One lowercase letter': 'met',
      'One number': 'met',
    });
    await page.getByLabel('Re-enter new password', { exact: true }).fill(NEW_PASSWORD);
    expect(await linesOfText(page, account.email)).toBe(1);
    await checkScreen(page, 'reset-password');
    await reset.click();

    await waitForPath(page, '/password-updated');
    await visible(page.getByText('Password updated! Please log in using your new password.'));
    await checkScreen(page, 'password-updated');
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await waitForPath(page, '/login');

    // The old password no longer works; the new one does.
    await submitLogIn(page, account.email, account.password);
    expect(await alertText(page, 'Invalid email or password.')).toBe('Invalid email or password.');
    await waitForPath(page, '/login');
    await logIn(page, account.email, NEW_PASSWORD);

    // The link works once.
    const again = await browser.openPage();
    await again.goto(link);
    await visible(again.getByRole('heading', { name: 'Invalid Link' }));
  });
});
