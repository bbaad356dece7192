import type { Contact } from '@tend/contracts';
import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultTiers, makeContact } from '@/test/fixtures';
import { BoardCardActionsContext, type BoardCardActions } from './board-card-actions';
import { useBoardSensors } from './board-columns';
import { BoardCard, useCardList } from './contact-card';

/** A card in a list of its own, as a column's CardList renders it. */
function OneCardList({ contact }: { contact: Contact }) {
  const { list, listRef, focusedId } = useCardList();
  return (
    <ul ref={listRef}>
      <BoardCard contact={contact} tierId={contact.tier_id ?? 1} list={list} live focused={focusedId === contact.id} />
    </ul>
  );
}

function Board({ children }: { children: ReactNode }) {
  return <DndContext sensors={useBoardSensors()}>{children}</DndContext>;
}

function renderCard(contact: Contact, actions: Partial<BoardCardActions> = {}) {
  const value: BoardCardActions = {
    tiers: defaultTiers(),
    instructionsId: 'drag-help',
    openContact: vi.fn(),
    deleteContact: vi.fn(),
    moveToNetwork: vi.fn(),
    moveContactTo: vi.fn(),
    scheduleFollowUp: vi.fn(),
    today: '2025-03-10',
    ...actions,
  };
  render(
    <BoardCardActionsContext.Provider value={value}>
      <Board>
        <SortableContext items={[contact.id]}>
          <OneCardList contact={contact} />
        </SortableContext>
      </Board>
      <p id="drag-help">Press Space to pick the card up.</p>
    </BoardCardActionsContext.Provider>,
  );
  return value;
}

describe('BoardCard', () => {
  it("truncates name, title and company to 18, 23 and 33 characters with '...'", () => {
    const contact = makeContact({
      name: 'Maximiliana Montgomery-Smythe',
      title: 'Principal Staff Software Engineer',
      company: 'International Business Machines Corporation',
    });
    renderCard(contact);
    const name = screen.getByText('Maximiliana Montgo...');
    expect(name).toHaveAttribute('title', 'Maximiliana Montgomery-Smythe');
    expect(screen.getByText('Principal Staff Softwar...')).toHaveAttribute(
      'title',
      'Principal Staff Software Engineer',
    );
    expect(screen.getByText('International Business Machines C...')).toBeInTheDocument();
    // The card's accessible name is never truncated.
    expect(
      screen.getByRole('button', {
        name: 'Maximiliana Montgomery-Smythe, Principal Staff Software Engineer, International Business Machines Corporation',
      }),
    ).toBeInTheDocument();
  });

  it('shows short texts as they are and leaves out a missing title or company', () => {
    renderCard(makeContact({ name: 'Exactly Eighteen C', title: null, company: 'Acme' }));
    expect(screen.getByText('Exactly Eighteen C')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exactly Eighteen C, Acme' })).toBeInTheDocument();
  });

  it('links to LinkedIn in a new tab without opener access, only when there is a profile', () => {
    renderCard(makeContact({ name: 'Ada Lovelace', linked_in: 'https://www.linkedin.com/in/ada' }));
    const link = screen.getByRole('link', { name: 'LinkedIn profile of Ada Lovelace (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://www.linkedin.com/in/ada');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no LinkedIn link without a profile', () => {
    renderCard(makeContact({ linked_in: null }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows initials without a photo, and an expired-photo hint when the photo doesn't load", () => {
    renderCard(makeContact({ id: 1, name: 'Grace Hopper', photo_url: '/api/contacts/1/photo?v=1' }));
    const photo = document.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/api/contacts/1/photo?v=1');
    expect(screen.queryByText('Photo expired')).not.toBeInTheDocument();
    fireEvent.error(photo);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('GH')).toBeInTheDocument();
    expect(screen.getByText('Photo expired')).toBeInTheDocument();
  });

  it('opens on click and Enter, and asks the board to delete', async () => {
    const user = userEvent.setup();
    const contact = makeContact({ id: 4, name: 'Alan Turing', title: null, company: null });
    const actions = renderCard(contact);
    const card = screen.getByRole('button', { name: 'Alan Turing' });
    await user.click(card);
    expect(actions.openContact).toHaveBeenCalledWith(4);
    card.focus();
    await user.keyboard('{Enter}');
    expect(actions.openContact).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Delete Alan Turing' }));
    expect(actions.deleteContact).toHaveBeenCalledWith(4);
    expect(actions.openContact).toHaveBeenCalledTimes(2);
  });

  it('is described as a draggable card with keyboard instructions', () => {
    renderCard(makeContact({ name: 'Alan Turing', title: null, company: null }));
    const card = screen.getByRole('button', { name: 'Alan Turing' });
    expect(card).toHaveAttribute('aria-roledescription', 'draggable contact card');
    expect(card).toHaveAttribute('tabindex', '0');
    expect(card).toHaveAccessibleDescription('Press Space to pick the card up.');
  });
});
