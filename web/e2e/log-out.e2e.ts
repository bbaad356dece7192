import { describe, expect, it } from 'vitest';
import { createAccount, waitForBoard } from './helpers/auth';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { expectNoSeriousAxeViolations } from './helpers/axe';
import { checkScreen } from './helpers/screen';

describe('journey 2: log out and back in', () => {
  const browser = useBrowser();

  it('logs out through the My Account menu and its dialog, then logs back in to the board', async () => {
    const page = await browser.openPage();
    const account = await createAccount(page, 'logout');

    // The menu names the signed-in user and offers Settings, Account and Log Out.
    await page.getByRole('button', { name: 'My Account' }).click();
    const menu = await visible(page.getByRole('menu', { name: 'My Account' }));
    expect(await menu.innerText()).toContain(account.email);
    for (const item of ['Settings', 'Account', 'Log Out']) await visible(menu.getByRole('menuitem', { name: item }));
    await checkScreen(page, 'account-menu');
    await page.keyboard.press('Escape');
    await hidden(menu);

    // The bell's list (empty for a new account).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const notifications = await visible(page.getByRole('menu', { name: 'Notifications' }));
    await visible(notifications.getByText(/^No one is due today\./));
    await checkScreen(page, 'notifications-menu-empty');
    await page.keyboard.press('Escape');
    await hidden(notifications);
    await page.getByRole('button', { name: 'My Account' }).click();
    await visible(menu);

    // Cancel keeps the user on the board.
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Log out?' }));
    await visible(dialog.getByText('Great job growing and maintaining your network!'));
    await visible(dialog.getByText('You deserve a break.'));
    await checkScreen(page, 'log-out-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    await waitForPath(page, '/kanban');

    // Log out for real: the landing page, and the board is closed to a signed-out visitor.
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Log out?' }));
    await dialog.getByRole('button', { name: 'Log out', exact: true }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));
    await visible(page.getByRole('link', { name: 'Log in', exact: true }));
    // The app's own landing page (a visitor's first one is the prerendered copy, scanned in journey 1).
    await expectNoSeriousAxeViolations(page, 'the landing page in the app, after logging out');
    await page.goto('/kanban');
    await waitForPath(page, '/');

    // Back in through the log-in screen.
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    const submit = page.getByRole('button', { name: 'Log in', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    expect(await submit.isEnabled()).toBe(true);
    await checkScreen(page, 'log-in');
    await submit.click();
    await waitForPath(page, '/kanban');
    await waitForBoard(page);

    // Signed in, /login and /signup lead to the board.
    await page.goto('/login');
    await waitForPath(page, '/kanban');
    await page.goto('/signup');
    await waitForPath(page, '/kanban');
    await waitForBoard(page);
  });
});
