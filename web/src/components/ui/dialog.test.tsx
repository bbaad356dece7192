import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './dialog';
import { Menu, MenuItem } from './menu';

/** A list of rows, each with a Delete button opening one confirmation (as a board card's trash does). */
function Rows({ viaMenu = false }: { viaMenu?: boolean }) {
  const [rows, setRows] = useState(['Ada', 'Grace']);
  const [target, setTarget] = useState<string | null>(null);
  return (
    <main>
      <button type="button">Before</button>
      <ul aria-label="People">
        {rows.map((name) => (
          <li key={name}>
            {viaMenu ? (
              <Menu label={`Actions for ${name}`} trigger={<button type="button">{`Actions for ${name}`}</button>}>
                <MenuItem onSelect={() => setTarget(name)}>Delete</MenuItem>
              </Menu>
            ) : (
              <button type="button" onClick={() => setTarget(name)}>{`Delete ${name}`}</button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title="Delete?"
        confirmLabel="Delete"
        onConfirm={() => {
          setRows((current) => current.filter((name) => name !== target));
          setTarget(null);
        }}
      />
    </main>
  );
}

/** A button drawn anew (a new element) while its dialog is open, as a tooltip's trigger is once its code is in. */
function Redrawn() {
  const [open, setOpen] = useState(false);
  const [redrawn, setRedrawn] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setRedrawn(true), 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <main>
      <p>
        <button
          key={redrawn ? 'new' : 'first'}
          type="button"
          aria-label="Delete column Friends"
          onClick={() => setOpen(true)}
        >
          x
        </button>
      </p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete column?"
        confirmLabel="Delete column"
        onConfirm={() => undefined}
      />
    </main>
  );
}

describe('Modal focus return', () => {
  it('puts the focus back on the button that opened it, after Cancel and after Escape', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    const opener = screen.getByRole('button', { name: 'Delete Grace' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delete?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('puts the focus on the list the opener was in when the confirmation removed it, not on the page', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Delete Grace' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Grace' })).toBeNull());
    const list = screen.getByRole('list', { name: 'People' });
    await waitFor(() => expect(list).toHaveFocus());
    // Focusable by script only while it holds the focus: not a Tab stop afterwards.
    expect(list).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(list).not.toHaveAttribute('tabindex');
  });

  it("puts the focus back on the menu's trigger for a dialog opened from one of its items", async () => {
    const user = userEvent.setup();
    render(<Rows viaMenu />);
    const trigger = screen.getByRole('button', { name: 'Actions for Ada' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Ada' })).toHaveFocus());
  });

  it("puts the focus on the control drawn in the opener's place while it was open", async () => {
    const user = userEvent.setup();
    render(<Redrawn />);
    const first = screen.getByRole('button', { name: 'Delete column Friends' });
    await user.click(first);
    expect(await screen.findByRole('dialog', { name: 'Delete column?' })).toBeInTheDocument();
    await waitFor(() => expect(first).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete column Friends' })).toHaveFocus());
  });
});
