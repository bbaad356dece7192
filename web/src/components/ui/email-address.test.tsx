import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('keeps the address and the punctuation after it in one box', () => {
    render(
      <p>
        Your account now uses <EmailAddress address="ada-new-address@example.com" after="." />
      </p>,
    );
    const box = screen.getByText('ada-new-address@example.com').parentElement;
    expect(box).toHaveClass('email-address');
    expect(box).toHaveTextContent(/^ada-new-address@example\.com\.$/);
  });

  it('can be strong', () => {
    render(<EmailAddress address="ada@example.com" strong />);
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
  });
});
