import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { dataDir } from './app';
import { visible, waitForPath } from './browser';
import { linkTo, waitForMail, type OutboxMail } from './mail';

/** Meets every rule of the checklist: 8+ characters, upper, lower, digit. */
export const PASSWORD = 'Tending2Network';

export const SUBJECTS = {
  verify: 'Confirm your email address for Tend',
  confirmChange: 'Confirm your new email address for Tend',
  reset: 'Reset your Tend password',
} as const;

export interface Account {
  name: string;
  email: string;
  password: string;
}

/**
 * A new address for every account, so tests never share a user. The database is fresh for each
 * run, so the addresses are the same from run to run (stable screenshots): `ada-<tag>@example.com`,
 * then `ada-<tag>-2@example.com` ... when a tag comes back (a list in DATA_DIR spans test files).
 */
export function uniqueEmail(tag: string): string {
  const registry = join(dataDir(), 'e2e-addresses.txt');
  const used = new Set(existsSync(registry) ? readFileSync(registry, 'utf8').split('\n') : []);
  const base = `ada-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  let email = `${base}@example.com`;
  for (let n = 2; used.has(email); n++) email = `${base}-${n}@example.com`;
  appendFileSync(registry, `${email}\n`);
  return email;
}

export function newAccount(tag: string, name = 'Ada Lovelace'): Account {
  return { name, email: uniqueEmail(tag), password: PASSWORD };
}

/** The sign-up form's fields (exact labels, so "Password" does not also match "Re-enter Password"). */
export function signUpFields(page: Page) {
  return {
    name: page.getByLabel('Name', { exact: true }),
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    confirmation: page.getByLabel('Re-enter Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign up', exact: true }),
  };
}

/** Fills the sign-up form and submits it; does not wait for the outcome. */
export async function submitSignUp(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  const fields = signUpFields(page);
  await fields.name.fill(account.name);
  await fields.email.fill(account.email);
  await fields.password.fill(account.password);
  await fields.confirmation.fill(account.password);
  await fields.submit.click();
}

/** Signs up through the UI and waits for the email confirmation screen. */
export async function signUp(page: Page, account: Account): Promise<void> {
  await submitSignUp(page, account);
  await waitForPath(page, `/email-confirmation/${account.email}`);
  await visible(page.getByRole('heading', { name: 'Confirm your email address' }));
}

/** Opens the confirmation link from the verification email in this page; waits for the verified state. */
export async function confirmEmail(page: Page, email: string): Promise<OutboxMail> {
  const mail = await waitForMail(email, SUBJECTS.verify);
  await page.goto(linkTo(mail, '/email-confirmation/'));
  await visible(page.getByRole('heading', { name: 'Email address verified!' }));
  return mail;
}

/** On the plan picker: chooses Free and waits for the board. */
export async function chooseFreePlan(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Maintain your network effectively' }));
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await waitForPath(page, '/kanban');
  await waitForBoard(page);
}

/** Waits until the board shows its columns (the first default one is always "New"). */
export async function waitForBoard(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 2, name: 'New', exact: true }));
}

/** Sign up, confirm, choose Free: a verified free user on the board, signed in in `page`. */
export async function createAccount(page: Page, tag: string): Promise<Account> {
  const account = newAccount(tag);
  await signUp(page, account);
  await confirmEmail(page, account.email);
  await page.getByRole('link', { name: 'Continue' }).click();
  await chooseFreePlan(page);
  return account;
}

/** Fills and submits the log-in form; does not wait for the outcome. */
export async function submitLogIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs in through the UI and waits for the board. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogIn(page, email, password);
  await waitForPath(page, '/kanban');
  await waitForBoard(page);
}

/** The warning box of a form (role="alert") once it shows `text`. */
export async function alertText(page: Page, text: string): Promise<string> {
  const alert = await visible(page.getByRole('alert').filter({ hasText: text }));
  return (await alert.innerText()).trim();
}

/** Opens the My Account menu and picks an item ("Import contacts", "Settings", "Account" or "Log Out"). */
export async function openAccountMenuItem(
  page: Page,
  item: 'Import contacts' | 'Settings' | 'Account' | 'Log Out',
): Promise<void> {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Log Out through the My Account menu and its dialog; waits for the landing page. */
export async function logOut(page: Page): Promise<void> {
  await openAccountMenuItem(page, 'Log Out');
  const dialog = await visible(page.getByRole('dialog', { name: 'Log out?' }));
  await dialog.getByRole('button', { name: 'Log out', exact: true }).click();
  await waitForPath(page, '/');
  await visible(page.getByRole('heading', { level: 1, name: 'Keep your professional network warm.' }));
}

/** The checklist items' states, e.g. { 'At least 8 characters': 'met', ... }. */
export async function checklistStates(page: Page): Promise<Record<string, string>> {
  const items = page.getByRole('list', { name: 'Password requirements' }).first().getByRole('listitem');
  const states: Record<string, string> = {};
  for (const item of await items.all()) {
    const label = (await item.locator('span').first().innerText()).trim();
    states[label] = (await item.getAttribute('data-state')) ?? '';
  }
  return states;
}

/** Waits for a toast (react-toastify, top centre) that says `text`. */
export async function toast(page: Page, text: string): Promise<void> {
  await visible(page.locator('.Toastify__toast').filter({ hasText: text }));
}
