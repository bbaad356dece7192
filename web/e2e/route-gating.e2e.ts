import { describe, expect, it } from 'vitest';
import { chooseFreePlan, confirmEmail, createAccount, newAccount, signUp, waitForBoard } from './helpers/auth';
import { VIEWPORT, useBrowser, visible, waitForPath } from './helpers/browser';
import { checkScreen } from './helpers/screen';

const MOBILE_NOTICE = 'Tend is not optimised for mobile yet.';

describe('journey 6: route gating', () => {
  const browser = useBrowser();

  it('sends a signed-out visitor from signed-in screens and unknown paths to the landing page', async () => {
    const page = await browser.openPage();
    for (const path of ['/kanban', '/kanban/12', '/settings', '/account', '/no-such-page']) {
      await page.goto(path);
      await waitForPath(page, '/');
      await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));
    }
  });

  it('keeps an unverified user on the email confirmation screen', async () => {
    const page = await browser.openPage();
    const account = newAccount('unverified');
    await signUp(page, account);
    for (const path of ['/kanban', '/settings', '/account', '/no-such-page', '/']) {
      await page.goto(path);
      await waitForPath(page, `/email-confirmation/${account.email}`);
      await visible(page.getByRole('heading', { name: 'Confirm your email address' }));
    }
    // Another address's confirmation screen is not theirs either.
    await page.goto('/email-confirmation/someone-else%40example.com');
    await waitForPath(page, `/email-confirmation/${account.email}`);
  });

  it('shows the plan picker to a verified user without a plan, for the board and unknown paths', async () => {
    const page = await browser.openPage();
    const account = newAccount('no-plan');
    await signUp(page, account);
    await confirmEmail(page, account.email);
    await page.goto('/no-such-page');
    await waitForPath(page, '/kanban');
    await visible(page.getByRole('heading', { level: 1, name: 'Maintain your network effectively' }));
    await chooseFreePlan(page);
  });

  it('sends a signed-in user from unknown paths, /login and /signup to the board', async () => {
    const page = await browser.openPage();
    await createAccount(page, 'gating');
    for (const path of ['/no-such-page', '/login', '/signup', '/', '/kanban/']) {
      await page.goto(path);
      await waitForPath(page, '/kanban');
      await waitForBoard(page);
    }
  });

  it('shows the mobile notice below 1024 px wide only', async () => {
    const page = await browser.openPage({ viewport: { width: 800, height: 900 } });
    await page.goto('/login');
    const notice = await visible(page.getByRole('note').filter({ hasText: MOBILE_NOTICE }));
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    await checkScreen(page, 'mobile-notice');

    await page.setViewportSize(VIEWPORT);
    await notice.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1023, height: 800 });
    await notice.waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1024, height: 800 });
    await notice.waitFor({ state: 'hidden' });
    expect(await notice.isVisible()).toBe(false);
  });
});
