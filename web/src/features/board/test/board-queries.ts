import type { Contact } from '@tend/contracts';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { makeContact } from '@/test/fixtures';

/** A column of the drawn board, by its name. */
export function column(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The accessible names of a column's cards, top to bottom (the whole name, title and company). */
export function cardNames(columnName: string): string[] {
  return within(column(columnName))
    .queryAllByRole('button', { name: /,|^[^,]+$/ })
    .filter((element) => element.classList.contains('contact-card__open'))
    .map((element) => element.querySelector(':scope > .visually-hidden')?.textContent ?? '');
}

/** Clicks a column's '+ Add contact' once the board shows the column. */
export async function clickAddContact(user: ReturnType<typeof userEvent.setup>, columnName: string): Promise<void> {
  await user.click(
    within(await screen.findByRole('region', { name: columnName })).getByRole('button', { name: '+ Add contact' }),
  );
}

/** New: Ada (top), Grace; Colleagues: Alan. */
export const people: Contact[] = [
  makeContact({
    id: 11,
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    company: 'US Navy',
    tier_id: 1,
    vertical_order: 0,
  }),
  makeContact({
    id: 10,
    name: 'Ada Lovelace',
    title: 'Analyst',
    company: 'Analytical Engines',
    tier_id: 1,
    vertical_order: 1,
  }),
  makeContact({
    id: 12,
    name: 'Alan Turing',
    title: 'Mathematician',
    company: 'Bletchley Park',
    tier_id: 2,
    column_order: 1,
    vertical_order: 0,
  }),
];

/** `count` cards in the first column, 'Person 1' at the bottom (ids from 100). */
export function many(count: number): Contact[] {
  return Array.from({ length: count }, (_, i) =>
    makeContact({ id: 100 + i, name: `Person ${i + 1}`, title: null, company: null, vertical_order: i }),
  );
}
