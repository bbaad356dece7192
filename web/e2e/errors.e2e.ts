import { describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  alertText,
  createAccount,
  logOut,
  newAccount,
  signUp,
  signUpFields,
  submitLogIn,
  submitSignUp,
  toast,
} from './helpers/auth';
import { currentPath, useBrowser, visible, waitForPath } from './helpers/browser';
import { linkTo, waitForMail } from './helpers/mail';
import { checkScreen } from './helpers/screen';

describe('journey 4: wrong inputs show the spec messages', () => {
  const browser = useBrowser();

  it('log in with a wrong password or an unknown email shows the same warning', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'wrong-login');
    await logOut(page);

    await submitLogIn(page, account.email, 'Wrong4Password');
    expect(await alertText(page, 'Invalid email or password.')).toBe('Invalid email or password.');
    await waitForPath(page, '/login');
    await checkScreen(page, 'log-in-error');

    // An address without an account gets the very same answer (no account enumeration).
    await submitLogIn(page, `nobody-${account.email}`, account.password);
    expect(await alertText(page, 'Invalid email or password.')).toBe('Invalid email or password.');
  });

  it("sign up with an address already in use shows 'Email address already exists'", async () => {
    const first = await browser.openPage();
    const account = newAccount('taken');
    await signUp(first, account);

    const page = await browser.openPage();
    await submitSignUp(page, { ...account, name: 'Someone Else' });
    expect(await alertText(page, 'Email address already exists')).toBe(
      'Email address already exists. Log in or reset your password.',
    );
    // The way on from there: log in, or reset the password (issue 27 point 10).
    const alert = page.getByRole('alert');
    expect(await alert.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await alert.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await waitForPath(page, '/signup');
    await checkScreen(page, 'sign-up-email-taken');
  });

  it("sign up with different passwords says 'Passwords must match.' and sends nothing", async () => {
    const page = await browser.openPage();
    const account = newAccount('mismatch');
    const signUpCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users')
        signUpCalls.push(request.url());
    });
    await page.goto('/signup');
    const fields = signUpFields(page);
    await fields.name.fill(account.name);
    await fields.email.fill(account.email);
    await fields.password.fill(account.password);
    await fields.confirmation.fill(`${account.password}x`);
    await fields.submit.click();
    await visible(page.getByText('Passwords must match.', { exact: true }));
    expect(currentPath(page)).toBe('/signup');
    expect(signUpCalls).toEqual([]);
  });

  it("reset with mismatching passwords shows 'Passwords do not match' and keeps the form", async () => {
    const owner = await browser.openPage();
    const account = newAccount('reset-mismatch');
    await signUp(owner, account);

    const page = await browser.openPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send email' }).click();
    await waitForPath(page, '/forgot-password-email-sent');
    const mail = await waitForMail(account.email, SUBJECTS.reset);
    await page.goto(linkTo(mail, '/reset-password/'));

    await page.getByLabel('Enter new password', { exact: true }).fill('Better4Network');
    await page.getByLabel('Re-enter new password', { exact: true }).fill('Better4Netw0rk');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Passwords do not match');
    await checkScreen(page, 'reset-password-mismatch');
    expect(currentPath(page).startsWith('/reset-password/')).toBe(true);
    await visible(page.getByRole('heading', { name: 'Reset your password' }));
  });

  it("an invalid or expired reset link shows 'Invalid Link'", async () => {
    const page = await browser.openPage();
    await page.goto('/reset-password/nobody%40example.com/not-a-real-token');
    await visible(page.getByRole('heading', { name: 'Invalid Link' }));
    await visible(page.getByText('The link you followed is invalid or expired. Please try again.', { exact: true }));
    await checkScreen(page, 'reset-password-invalid-link');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await waitForPath(page, '/forgot-password');
  });

  it("forgot password keeps 'Send email' disabled until the address is valid", async () => {
    const page = await browser.openPage();
    await page.goto('/forgot-password');
    const email = page.getByLabel('Email address', { exact: true });
    const send = page.getByRole('button', { name: 'Send email' });
    expect(await send.isDisabled()).toBe(true);
    for (const invalid of ['ada', 'ada@', 'ada@example', 'ada@example.comm', 'ada lovelace@example.com']) {
      await email.fill(invalid);
      expect(await send.isDisabled(), `"${invalid}" should keep Send email disabled`).toBe(true);
    }
    await email.fill('ada@example.com');
    expect(await send.isEnabled()).toBe(true);

    // Cancel goes back to the log-in screen.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForPath(page, '/login');
  });

  it("the email-sent page reached without an address says what to do, 'No email input' as the reason", async () => {
    const page = await browser.openPage();
    await page.goto('/forgot-password-email-sent');
    // A heading for a person, not a state (issue 27 point 9), and the ways on.
    await visible(page.getByRole('heading', { level: 1, name: 'Which email should we send the link to?' }));
    await visible(page.getByText(/^No email input: /));
    expect(await page.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Enter your email' }).getAttribute('href')).toBe('/forgot-password');
    await checkScreen(page, 'forgot-password-no-email');
  });
});
