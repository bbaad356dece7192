import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, openAccountMenuItem, toast, waitForBoard } from './helpers/auth';
import { endPaidTime, startBillingApp, type BillingApp } from './helpers/billing';
import { boardApi, columnCount, columnNames } from './helpers/board';
import { hidden, useBrowser, visible, waitForPath } from './helpers/browser';
import { waitForMail } from './helpers/mail';
import { checkScreen } from './helpers/screen';

/** The spec's long date in the browser's zone (the journeys' contexts run in Europe/London). */
function longDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(unixSeconds * 1000));
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await visible(page.getByRole('heading', { level: 1, name: 'Account' }));
}

describe('journey: Premium through Stripe, and back to free', () => {
  const browser = useBrowser();
  let billing: BillingApp;

  beforeAll(async () => {
    billing = await startBillingApp();
  });
  afterAll(async () => {
    await billing?.stop();
  });

  /** The customer's one subscription at the fake Stripe: its id and current period's end. */
  function subscriptionOf(email: string): { id: string; end: number; cancelAtPeriodEnd: boolean } {
    const customer = [...billing.stripe.objects.values()].find(
      (o) => o['object'] === 'customer' && o['email'] === email,
    );
    const [subscription] = billing.stripe.subscriptionsOf(String(customer?.['id'])) as unknown as {
      id: string;
      cancel_at_period_end: boolean;
      items: { data: { current_period_end: number }[] };
    }[];
    if (!subscription) throw new Error(`Stripe has no subscription for ${email}.`);
    return {
      id: subscription.id,
      end: subscription.items.data[0]?.current_period_end ?? 0,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  it('upgrades at the checkout, cancels, reactivates, and lapses to free with the limit modal', async () => {
    const page = await browser.openPage({ baseUrl: billing.baseUrl });
    const account = await createAccount(page, 'billing');

    // Free: the Account screen offers Premium.
    await openAccountMenuItem(page, 'Account');
    await waitForPath(page, '/account');
    await visible(page.getByRole('heading', { level: 2, name: 'Free plan' }));
    expect(await page.getByRole('heading', { name: 'Manage billing' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Upgrade to Premium' }).isEnabled()).toBe(true);
    await checkScreen(page, 'account-free-plan');

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    const upgrade = await visible(page.getByRole('dialog', { name: 'Upgrade to Premium?' }));
    await checkScreen(page, 'upgrade-dialog');

    // Stripe's checkout opens in a new tab; paying there sends the signed webhooks to the app.
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      upgrade.getByRole('button', { name: 'Upgrade', exact: true }).click(),
    ]);
    await checkout.waitForLoadState();
    expect(checkout.url().startsWith(`${billing.stripe.url}/checkout/`)).toBe(true);
    expect(await checkout.evaluate(() => window.opener)).toBeNull();
    await visible(checkout.getByText('Tend Premium: $10.00 per month'));
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await waitForPath(checkout, '/plan-updated/success');
    await visible(checkout.getByRole('heading', { name: 'You are on the Premium plan' }));
    await visible(checkout.getByText('You can keep an unlimited number of contact cards.'));
    await checkScreen(checkout, 'plan-updated-premium');
    await checkout.close();
    await waitForMail(account.email, 'Your Tend Premium plan is active');

    // Premium: the renewal date and the price from Stripe, and Manage billing.
    let subscription = subscriptionOf(account.email);
    await openAccount(page);
    await visible(page.getByRole('heading', { level: 2, name: 'Premium plan' }));
    await visible(page.getByText(`$10.00/month, unlimited contact cards. Renews on ${longDate(subscription.end)}.`));
    await visible(page.getByRole('heading', { level: 2, name: 'Manage billing' }));
    await visible(page.getByText(account.email, { exact: true }));
    await checkScreen(page, 'account-premium');

    // A renewal charge fails: the board shows the payment banner until it is paid.
    billing.stripe.failRenewal(subscription.id);
    await billing.stripe.settled();
    subscription = subscriptionOf(account.email);
    await page.goto('/kanban');
    await waitForBoard(page);
    const banner = await visible(
      page.getByRole('alert').filter({ hasText: 'There is an issue with your payment method.' }),
    );
    await visible(banner.getByText(account.email, { exact: false }));
    await visible(banner.getByText(`switches to the free plan on ${longDate(subscription.end)}`, { exact: false }));
    await visible(banner.getByRole('button', { name: 'Open billing portal' }));
    await checkScreen(page, 'payment-banner');
    await waitForMail(account.email, 'There is an issue with your payment method');
    billing.stripe.payRenewal(subscription.id);
    await billing.stripe.settled();
    await page.reload();
    await waitForBoard(page);
    expect(await page.getByText('There is an issue with your payment method.').count()).toBe(0);

    // Thirty cards, which premium holds.
    const api = await boardApi(page, billing.baseUrl);
    await api.createContacts(
      Array.from({ length: 30 }, (_, i) => ({ name: `Person ${String(i + 1).padStart(2, '0')}` })),
    );
    await page.reload();
    await waitForBoard(page);
    await expect.poll(() => columnCount(page, 'New')).toBe('30 contacts');

    // Cancel: 'Canceled' with the end date; premium stays until then.
    await openAccount(page);
    await page.getByRole('button', { name: 'Cancel Premium' }).click();
    let cancel = await visible(page.getByRole('dialog', { name: 'Cancel Premium?' }));
    await checkScreen(page, 'cancel-premium-dialog');
    await cancel.getByRole('button', { name: 'Cancel Premium' }).click();
    await toast(
      page,
      'You have successfully downgraded your subscription but will retain your benefits until your subscription expires.',
    );
    await hidden(cancel);
    await visible(page.getByText('Canceled', { exact: true }));
    await visible(page.getByText(`Your premium benefits stay until ${longDate(subscription.end)}.`, { exact: false }));
    await visible(page.getByRole('button', { name: 'Reactivate' }));
    await checkScreen(page, 'account-premium-canceled');

    // Reactivate before the end, then cancel again.
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await toast(page, 'Your Premium plan is active again and renews as before.');
    await visible(page.getByRole('button', { name: 'Cancel Premium' }));
    expect(await page.getByText('Canceled', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel Premium' }).click();
    cancel = await visible(page.getByRole('dialog', { name: 'Cancel Premium?' }));
    await cancel.getByRole('button', { name: 'Cancel Premium' }).click();
    await hidden(cancel);
    await visible(page.getByText('Canceled', { exact: true }));
    expect(subscriptionOf(account.email).cancelAtPeriodEnd).toBe(true);

    // The period ends (Stripe's deletion event never comes): the expiry task moves the user to free.
    await endPaidTime(billing.databaseUrl, account.email);
    expect(await billing.runTask('premium-expiry')).toContain('"downgraded":1');
    await waitForMail(account.email, 'Your Tend Premium plan has ended');

    // The board opens the limit modal; the 25 newest cards stay, the others are hidden.
    await page.goto('/kanban');
    const ended = await visible(page.getByRole('dialog', { name: 'Your Premium plan has ended' }));
    await visible(ended.getByRole('button', { name: 'Maintain 25 contacts' }));
    await expect.poll(() => ended.getByRole('button', { name: 'Upgrade' }).isEnabled()).toBe(true);
    await checkScreen(page, 'premium-ended-limit-modal');
    await ended.getByRole('button', { name: 'Close' }).click();
    await hidden(ended);
    expect(await columnCount(page, 'New')).toBe('25 contacts');
    expect((await columnNames(page, 'New'))[0]).toBe('Person 30');
    // The board draws the cards near the visible part; the answer behind it holds the 25 newest.
    const kept = (await api.contacts()).map((contact) => contact.name);
    expect(kept).toHaveLength(25);
    expect(kept.filter((name) => /^Person 0[1-5]$/.test(name))).toEqual([]);

    // Issue 26: the modal's other way out moves the 5 hidden people to the network (nothing lost,
    // no longer hidden) and keeps the free plan, so the modal does not come back.
    await page.reload();
    const again = await visible(page.getByRole('dialog', { name: 'Your Premium plan has ended' }));
    await again.getByRole('button', { name: 'Move the rest to your network' }).click();
    const move = await visible(page.getByRole('dialog', { name: 'Move the rest to your network?' }));
    await checkScreen(page, 'premium-ended-move-to-network');
    await move.getByRole('button', { name: 'Move the rest to your network' }).click();
    await toast(page, '5 people moved to your network. Your 25 newest contacts stay on your board.');
    await hidden(move);
    await hidden(again);
    expect(await api.contacts()).toHaveLength(25);
    await page.goto('/network');
    await visible(page.getByText('5 people', { exact: true }));
    expect((await page.locator('.network-row__name').allInnerTexts()).sort()).toEqual([
      'Person 01',
      'Person 02',
      'Person 03',
      'Person 04',
      'Person 05',
    ]);
    await page.goto('/kanban');
    await waitForBoard(page);
    expect(await page.getByRole('dialog', { name: 'Your Premium plan has ended' }).count()).toBe(0);
  });
});
