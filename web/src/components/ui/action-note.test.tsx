import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionNote } from './action-note';

describe('ActionNote', () => {
  it('describes the unavailable action that points at it', () => {
    render(
      <>
        <button type="button" disabled aria-describedby="why">
          Upgrade
        </button>
        <ActionNote id="why">Billing is not configured on this server yet.</ActionNote>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Upgrade' })).toHaveAccessibleDescription(
      'Billing is not configured on this server yet.',
    );
  });
});
