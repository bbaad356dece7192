import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultTiers } from '@/test/fixtures';
import { TierSelect } from './tier-select';

const long = { id: 9, name: 'People I met at the conference in Berlin', position: 4, user_id: 7, cadence_days: null };

describe('TierSelect', () => {
  it('cuts the column name at 30 characters in the button, as in its menu', async () => {
    const user = userEvent.setup();
    render(<TierSelect tiers={[...defaultTiers(), long]} tierId={long.id} onChange={vi.fn()} />);
    const button = screen.getByRole('button', { name: `Column: ${long.name}. Change column` });
    expect(button).toHaveTextContent('People I met at the conference...');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'People I met at the conference...' })).toBeChecked();
    // 'Potential Referrals' (19 characters) shows in full everywhere.
    expect(within(menu).getByRole('menuitemradio', { name: 'Potential Referrals' })).toBeInTheDocument();
  });
});
