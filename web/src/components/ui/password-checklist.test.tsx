import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './password-checklist';

function states() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [item.textContent?.replace(/ \((met|not met)\)$/, ''), item.getAttribute('data-state')]);
}

describe('PasswordChecklist', () => {
  it('lists the four rules, all neutral before anything is typed or submitted', () => {
    render(<PasswordChecklist password="" attempted={false} />);
    expect(states()).toEqual([
      ['At least 8 characters', 'unmet'],
      ['One uppercase letter', 'unmet'],
      ['One lowercase letter', 'unmet'],
      ['One number', 'unmet'],
    ]);
  });

  it('turns each rule green as it is met while typing', () => {
    const { rerender } = render(<PasswordChecklist password="a" attempted={false} />);
    expect(states().map(([, state]) => state)).toEqual(['unmet', 'unmet', 'met', 'unmet']);
    rerender(<PasswordChecklist password="aB3" attempted={false} />);
    expect(states().map(([, state]) => state)).toEqual(['unmet', 'met', 'met', 'met']);
    rerender(<PasswordChecklist password="aB3aaaaa" attempted={false} />);
    expect(states().map(([, state]) => state)).toEqual(['met', 'met', 'met', 'met']);
  });

  it('marks unmet rules as failed (red cross) only after a submit attempt', () => {
    render(<PasswordChecklist password="abcdefgh" attempted />);
    expect(states().map(([, state]) => state)).toEqual(['met', 'failed', 'met', 'failed']);
  });

  it('tells screen readers whether each rule is met', () => {
    render(<PasswordChecklist password="ABC" attempted={false} />);
    expect(screen.getByText('One uppercase letter').parentElement).toHaveTextContent('One uppercase letter (met)');
    expect(screen.getByText('One number').parentElement).toHaveTextContent('One number (not met)');
  });
});
