import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Menus, dialogs and tooltips load their Radix code on first use (the board's first load carries
 * none of it). The test setup loads it for every other test; these take fresh copies of the modules,
 * whose code is not in yet, as a first visit has them.
 */
async function freshModules() {
  vi.resetModules();
  return {
    menu: await import('./menu'),
    dialog: await import('./dialog'),
    tooltip: await import('./tooltip'),
  };
}

/** jsdom has no ResizeObserver; Radix measures the tooltip with one. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('menus, dialogs and tooltips on first use', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  });

  it('a menu is its trigger until pressed, then opens once its code is in, and closes back to the trigger', async () => {
    const { menu } = await freshModules();
    const { Menu, MenuItem, MenuLabel } = menu;
    const onOpenChange = vi.fn();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(
      <Menu label="Actions" onOpenChange={onOpenChange} trigger={<button type="button">Actions</button>}>
        <MenuLabel>Actions</MenuLabel>
        <MenuItem onSelect={onSelect}>Rename</MenuItem>
      </Menu>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    const opened = await screen.findByRole('menu', { name: 'Actions' });
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(opened).getByRole('menuitem', { name: 'Rename' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('a menu opens from the keyboard, and hovering its trigger first makes the click open it at once', async () => {
    const { menu } = await freshModules();
    const { Menu, MenuItem, menuModules } = menu;
    const user = userEvent.setup();
    render(
      <>
        <Menu label="First" trigger={<button type="button">First</button>}>
          <MenuItem onSelect={() => undefined}>One</MenuItem>
        </Menu>
        <Menu label="Second" trigger={<button type="button">Second</button>}>
          <MenuItem onSelect={() => undefined}>Two</MenuItem>
        </Menu>
      </>,
    );
    screen.getByRole('button', { name: 'First' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'First' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();

    // The code is in now (a hover fetches it the same way): the next menu opens in the press's own
    // render, with nothing to wait for.
    await menuModules();
    // A press dispatched alone: nothing awaited between it and the check.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Second' }), { button: 0 });
    expect(screen.getByRole('menu', { name: 'Second' })).toBeInTheDocument();
  });

  it('a hover on a trigger fetches the menu code before the press', async () => {
    const { menu } = await freshModules();
    const { Menu, MenuItem } = menu;
    const user = userEvent.setup();
    render(
      <Menu label="Hovered" trigger={<button type="button">Hovered</button>}>
        <MenuItem onSelect={() => undefined}>One</MenuItem>
      </Menu>,
    );
    await user.hover(screen.getByRole('button', { name: 'Hovered' }));
    // Give the fetch the hover started time to land (nothing else starts one), then press: the
    // menu is there in the press's own render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Hovered' }), { button: 0 });
    expect(screen.getByRole('menu', { name: 'Hovered' })).toBeInTheDocument();
  });

  it('a closed dialog renders nothing; opened, it shows once its code is in', async () => {
    const { dialog } = await freshModules();
    const { ConfirmDialog } = dialog;
    const onConfirm = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete column?"
            confirmLabel="Delete column"
            onConfirm={onConfirm}
          />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const shown = await screen.findByRole('dialog', { name: 'Delete column?' });
    await user.click(within(shown).getByRole('button', { name: 'Delete column' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(shown).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a tooltip shows on the first keyboard focus of its trigger, which keeps the focus', async () => {
    const { tooltip } = await freshModules();
    const { Tooltip } = tooltip;
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Tooltip content="Column must be empty to delete">
          <button type="button">Delete column</button>
        </Tooltip>
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Column must be empty to delete');
    expect(screen.getByRole('button', { name: 'Delete column' })).toHaveFocus();
  });

  it('a tooltip shows on the first hover of its trigger', async () => {
    const { tooltip } = await freshModules();
    const { Tooltip } = tooltip;
    const user = userEvent.setup();
    render(
      <Tooltip content="Delete column">
        <button type="button">Trash</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Trash' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete column');
  });
});
