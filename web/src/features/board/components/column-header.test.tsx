import type { Tier } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { useTiers } from '../api/get-tiers';
import { ColumnHeader, contactCountLabel } from './column-header';

/** The header of one column, fed from the tiers query like the board does. */
function Harness({ tierId, totalCount = 0 }: { tierId: number; totalCount?: number }) {
  const tiers = useTiers();
  const tier = tiers.data?.find((candidate) => candidate.id === tierId);
  return tier ? <ColumnHeader tier={tier} headingId="h" shownCount={totalCount} totalCount={totalCount} /> : null;
}

function setup(
  tierId: number,
  totalCount = 0,
  routes: Parameters<typeof mockFetch>[0] = {},
  tiers: Tier[] = defaultTiers(),
) {
  const http = mockFetch({ 'GET /api/tiers': { body: tiers }, ...routes });
  renderScreen(<Harness tierId={tierId} totalCount={totalCount} />, { path: '/kanban', user: makeUser() });
  return http;
}

/** jsdom has no ResizeObserver; Radix measures the tooltip with one. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('ColumnHeader', () => {
  beforeEach(() => {
    window.localStorage.setItem('tend.csrf-token', 't');
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  });

  it("counts '1 contact' and 'N contacts'", () => {
    expect(contactCountLabel(0)).toBe('0 contacts');
    expect(contactCountLabel(1)).toBe('1 contact');
    expect(contactCountLabel(12)).toBe('12 contacts');
  });

  it('has no pencil and no trash on the first column', async () => {
    setup(1);
    expect(await screen.findByRole('heading', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename column/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete column/ })).not.toBeInTheDocument();
  });

  it('renames on Enter, showing the new name at once', async () => {
    const user = userEvent.setup();
    const renamed = defaultTiers().map((tier) => (tier.id === 2 ? { ...tier, name: 'Mentors' } : tier));
    const http = setup(2, 0, {
      'GET /api/tiers': [{ body: defaultTiers() }, { body: renamed }],
      'PATCH /api/tiers/2': { body: renamed[1] },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename column Colleagues' }));
    const input = screen.getByRole('textbox', { name: 'Column name' });
    expect(input).toHaveValue('Colleagues');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '  Mentors {Enter}');
    expect(await screen.findByRole('heading', { name: 'Mentors' })).toBeInTheDocument();
    expect(await screen.findByText('Column updated successfully.')).toBeInTheDocument();
    expect(http.callsTo('PATCH', '/api/tiers/2')).toHaveLength(1);
    expect(http.callsTo('PATCH', '/api/tiers/2')[0]?.body).toEqual({ name: 'Mentors' });
  });

  it('renames on blur', async () => {
    const user = userEvent.setup();
    const http = setup(3, 0, { 'PATCH /api/tiers/3': { body: { id: 3, name: 'Family', position: 2, user_id: 7 } } });
    await user.click(await screen.findByRole('button', { name: 'Rename column Friends' }));
    await user.clear(screen.getByRole('textbox', { name: 'Column name' }));
    await user.type(screen.getByRole('textbox', { name: 'Column name' }), 'Family');
    await user.tab();
    expect(await screen.findByText('Column updated successfully.')).toBeInTheDocument();
    expect(http.callsTo('PATCH', '/api/tiers/3')[0]?.body).toEqual({ name: 'Family' });
  });

  it('cancels on Escape and sends nothing for an unchanged name', async () => {
    const user = userEvent.setup();
    const http = setup(2);
    await user.click(await screen.findByRole('button', { name: 'Rename column Colleagues' }));
    await user.type(screen.getByRole('textbox', { name: 'Column name' }), ' and more{Escape}');
    expect(screen.getByRole('heading', { name: 'Colleagues' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename column Colleagues' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Colleagues' })).toBeInTheDocument();
    expect(http.callsTo('PATCH', '/api/tiers/2')).toHaveLength(0);
  });

  it('refuses an empty name', async () => {
    const user = userEvent.setup();
    const http = setup(2);
    await user.click(await screen.findByRole('button', { name: 'Rename column Colleagues' }));
    await user.clear(screen.getByRole('textbox', { name: 'Column name' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Column name cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Column update failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Colleagues' })).toBeInTheDocument();
    expect(http.callsTo('PATCH', '/api/tiers/2')).toHaveLength(0);
  });

  it('goes back to the old name and says so when renaming fails', async () => {
    const user = userEvent.setup();
    setup(2, 0, { 'PATCH /api/tiers/2': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Rename column Colleagues' }));
    await user.type(screen.getByRole('textbox', { name: 'Column name' }), 'X{Enter}');
    expect(await screen.findByText('Column update failed. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Colleagues' })).toBeInTheDocument());
  });

  it('disables delete while the column holds contacts, and says why', async () => {
    const user = userEvent.setup();
    const http = setup(2, 3);
    const trash = await screen.findByRole('button', { name: 'Delete column Colleagues' });
    expect(trash).toHaveAttribute('aria-disabled', 'true');
    expect(trash).toHaveAccessibleDescription('Column must be empty to delete');
    await user.click(trash);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Keyboard focus shows the tooltip too.
    await user.tab({ shift: true });
    await user.tab();
    expect(trash).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Column must be empty to delete');
    expect(http.callsTo('DELETE', '/api/tiers/2')).toHaveLength(0);
  });

  it('deletes an empty column after confirmation', async () => {
    const user = userEvent.setup();
    const http = setup(3, 0, { 'DELETE /api/tiers/3': { status: 204 } });
    const trash = await screen.findByRole('button', { name: 'Delete column Friends' });
    expect(trash).not.toHaveAttribute('aria-disabled');
    await user.hover(trash);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete column');
    await user.click(trash);
    // Escape: the focus goes back to the trash that opened the confirmation.
    expect(await screen.findByRole('dialog', { name: 'Delete column?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trash).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete column?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete column' }));
    expect(await screen.findByText('Friends column deleted.')).toBeInTheDocument();
    expect(http.callsTo('DELETE', '/api/tiers/3')).toHaveLength(1);
  });

  it('says so when deleting fails', async () => {
    const user = userEvent.setup();
    setup(3, 0, { 'DELETE /api/tiers/3': { status: 422, body: { errors: ['Column must be empty to delete.'] } } });
    await user.click(await screen.findByRole('button', { name: 'Delete column Friends' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete column' }));
    expect(await screen.findByText('Error deleting or updating column.')).toBeInTheDocument();
    expect(screen.getByText('Column must be empty to delete.')).toBeInTheDocument();
  });
});
