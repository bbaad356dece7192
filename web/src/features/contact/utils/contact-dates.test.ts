import { describe, expect, it } from 'vitest';
import { firstConnectedDate } from './contact-dates';

describe("firstConnectedDate (the timeline's first event)", () => {
  const created = { date_connected: null, created_at: '2025-11-20T12:00:00Z' };

  it('is the connection date when there is one', () => {
    expect(firstConnectedDate({ ...created, date_connected: '2024-06-16' }, '2023-01-01')).toBe('June 16, 2024');
  });

  it("is the earlier of the card's creation and its oldest interaction otherwise (issue 24)", () => {
    expect(firstConnectedDate(created, '2025-01-12')).toBe('January 12, 2025');
    expect(firstConnectedDate(created, '2025-12-01')).toBe('November 20, 2025');
    expect(firstConnectedDate(created, null)).toBe('November 20, 2025');
  });
});
