import { describe, expect, it } from 'vitest';
import { chooseFreePlan, checklistStates, confirmEmail, newAccount, signUpFields, waitForBoard } from './helpers/auth';
import { useBrowser, visible, waitForPath } from './helpers/browser';
import { BILLING_NOT_CONFIGURED } from './helpers/billing';
import { checkScreen, linesOfText } from './helpers/screen';

const ALL_MET = {
  'At least 8 characters': 'met',
  'One uppercase letter': 'met',
  'One lowercase letter': 'met',
  'One number': 'met',
};

describe('journey 1: from the landing page to a board', () => {
  const browser = useBrowser();

  it('shows the landing page and the legal pages to a visitor', async () => {
    const page = await browser.openPage();
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));
    await visible(page.getByText('88%', { exact: true }));
    await visible(page.getByText('of jobs never hit job boards'));
    await visible(page.getByRole('link', { name: 'Start with 25 free cards' }).first());
    await checkScreen(page, 'landing');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms of Use' }).click();
    await waitForPath(page, '/terms');
    await visible(page.getByRole('heading', { level: 1, name: 'Terms of Use' }));
    await visible(page.getByText('Last updated June 16th, 2024'));
    for (const section of ['Acceptance of Terms', 'Subscription and Billing', 'Cancellation', 'Contact Information']) {
      await visible(page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${section}$`) }));
    }
    await checkScreen(page, 'terms');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await waitForPath(page, '/privacy-policy');
    await visible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    await checkScreen(page, 'privacy-policy');
  });

  it('signs up, confirms the email from the captured message, picks Free and shows the default columns', async () => {
    const page = await browser.openPage();
    const account = newAccount('journey');

    await page.goto('/');
    await page.getByRole('link', { name: 'Start with 25 free cards' }).first().click();
    await waitForPath(page, '/signup');
    const fields = signUpFields(page);
    await visible(fields.name);
    // The whole card fits a 1280x800 window, down to 'Already have an account? Log in'.
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
    const logIn = await page.locator('.auth-card__footer').getByRole('link', { name: 'Log in' }).boundingBox();
    expect((logIn?.y ?? Infinity) + (logIn?.height ?? 0)).toBeLessThanOrEqual(800);
    await checkScreen(page, 'sign-up');

    // The button stays disabled until all four fields are filled.
    expect(await fields.submit.isDisabled()).toBe(true);
    await fields.name.fill(account.name);
    expect(await fields.submit.isDisabled()).toBe(true);
    // The email is lower-cased as it is typed.
    await fields.email.pressSequentially(account.email.toUpperCase());
    expect(await fields.email.inputValue()).toBe(account.email);
    expect(await fields.submit.isDisabled()).toBe(true);

    // The live checklist ticks each rule as it is met.
    await fields.password.fill('tend');
    expect(await checklistStates(page)).toEqual({
      'At least 8 characters': 'unmet',
      'One uppercase letter': 'unmet',
      'One lowercase letter': 'met',
      'One number': 'unmet',
    });
    await fields.password.fill(account.password);
    await expect.poll(() => checklistStates(page)).toEqual(ALL_MET);
    expect(await fields.submit.isDisabled()).toBe(true);

    await fields.confirmation.fill(account.password);
    await expect.poll(() => fields.submit.isEnabled()).toBe(true);
    await checkScreen(page, 'sign-up-filled');

    await fields.submit.click();
    await waitForPath(page, `/email-confirmation/${account.email}`);
    await visible(page.getByRole('heading', { name: 'Confirm your email address' }));
    await visible(page.getByText('Please confirm your email address to log in.'));
    await visible(page.getByText(account.email, { exact: true }));
    await visible(page.getByText(/check your junk or spam folder/));
    await visible(page.getByRole('button', { name: 'Resend verification email' }));
    expect(await linesOfText(page, account.email)).toBe(1);
    await checkScreen(page, 'email-confirmation');

    // The link from the email, opened in the same browser, verifies the address.
    const mail = await confirmEmail(page, account.email);
    expect(mail.subject).toBe('Confirm your email address for Tend');
    await waitForPath(page, `/email-confirmation/${account.email}`);
    expect(new URL(page.url()).search).toBe('');
    await checkScreen(page, 'email-verified');

    await page.getByRole('link', { name: 'Continue' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Maintain your network effectively' }));
    await visible(page.getByText('Select your plan.', { exact: true }));
    const free = page.getByRole('article', { name: 'Free' });
    const premium = page.getByRole('article', { name: 'Premium' });
    expect(await free.innerText()).toMatch(/\$0\s*\/month/);
    expect(await free.innerText()).toContain('25 cards');
    expect(await free.innerText()).toContain('Chrome extension');
    expect(await premium.innerText()).toMatch(/\$10\s*\/month/);
    expect(await premium.innerText()).toContain('Unlimited cards');
    expect(await premium.innerText()).toContain('Chrome extension');
    // The test app has no Stripe keys: Premium says so before any click.
    await expect.poll(() => premium.getByRole('button', { name: 'Choose Premium' }).isDisabled()).toBe(true);
    await visible(premium.getByText(BILLING_NOT_CONFIGURED));
    await checkScreen(page, 'plan-selection');

    await chooseFreePlan(page);
    // Four columns, left to right in position order.
    // characters plus '...' (the heading keeps the full name for screen readers).
    const lefts: number[] = [];
    for (const name of ['New', 'Colleagues', 'Friends', 'Potential Referrals']) {
      const heading = await visible(page.getByRole('heading', { level: 2, name, exact: true }));
      lefts.push((await heading.boundingBox())?.x ?? Number.NaN);
    }
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(4);
    const shown = await page.getByRole('heading', { level: 2 }).locator('[aria-hidden="true"]').allInnerTexts();
    // Column names are cut at 20 characters: the default 'Potential Referrals' (19) shows in full.
    expect(shown).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals']);
    await visible(page.getByText('0 contacts').first());
    await checkScreen(page, 'board');

    // The session survives a reload.
    await page.reload();
    await waitForBoard(page);
    await waitForPath(page, '/kanban');
  });
});
