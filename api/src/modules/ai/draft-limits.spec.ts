import { describe, expect, it } from 'vitest';
import { secondsUntilNextDay } from './draft-limits';

describe('secondsUntilNextDay', () => {
  it('counts to the next local midnight', () => {
    expect(secondsUntilNextDay('UTC', new Date('2026-06-01T22:00:00Z'))).toBe(7_200);
    // Kiritimati is UTC+14: 22:00 UTC is noon of the next day there.
    expect(secondsUntilNextDay('Pacific/Kiritimati', new Date('2026-06-01T22:00:00Z'))).toBe(43_200);
    expect(secondsUntilNextDay('America/New_York', new Date('2026-06-01T03:59:30Z'))).toBe(30);
  });

  it('knows the days that daylight saving makes 23 or 25 hours long', () => {
    // Europe/London: clocks go forward at 01:00 UTC on 29 March 2026 (a 23-hour day)...
    expect(secondsUntilNextDay('Europe/London', new Date('2026-03-29T00:00:00Z'))).toBe(23 * 3_600);
    // ...and back at 01:00 UTC on 25 October 2026 (a 25-hour day, which began at 23:00 UTC).
    expect(secondsUntilNextDay('Europe/London', new Date('2026-10-24T23:00:00Z'))).toBe(25 * 3_600);
  });
});
