import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Menu, MenuEmpty, MenuLabel } from './menu';

describe('MenuEmpty', () => {
  it('says an empty menu is empty as a disabled item, so the menu still holds an item', async () => {
    const user = userEvent.setup();
    render(
      <Menu label="Notifications" trigger={<button type="button">Notifications</button>}>
        <MenuLabel>Notifications</MenuLabel>
        <MenuEmpty>You are all caught up.</MenuEmpty>
      </Menu>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const item = within(menu).getByRole('menuitem', { name: 'You are all caught up.' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });
});
