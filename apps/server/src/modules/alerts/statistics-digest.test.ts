import { describe, expect, it } from 'vitest';
import { digestPeriod } from './statistics-digest.js';

// The digest's run: 18:30 in São Paulo (UTC-3) on a day.
const at1830 = (day: string): number => Date.parse(`${day}T18:30:00-03:00`);
const due = (frequency: 'daily' | 'weekly' | 'monthly', day: string) =>
  digestPeriod(frequency, at1830(day)) !== undefined;

describe('digestPeriod follows B3’s session days', () => {
  it('sends the daily digest on session days only', () => {
    expect(digestPeriod('daily', at1830('2026-11-23'))).toMatchObject({
      label: '23/11/2026',
      day: '2026-11-23',
      range: { from: Date.parse('2026-11-23T00:00:00-03:00'), to: at1830('2026-11-23') },
    });
    expect(due('daily', '2026-11-28')).toBe(false); // Saturday
    expect(due('daily', '2026-02-16')).toBe(false); // Carnaval Monday
    expect(due('daily', '2025-12-24')).toBe(false); // B3 closes, though banks open
    expect(due('daily', '2026-02-18')).toBe(true); // Ash Wednesday trades from 13:00
  });

  it('sends the weekly digest on the week’s last session day, from the day after the previous one', () => {
    expect(digestPeriod('weekly', at1830('2026-11-27'))).toMatchObject({
      // The week before ended on Thursday the 19th (the 20th is a national holiday since 2024).
      label: '20/11/2026 a 27/11/2026',
    });
    expect(due('weekly', '2026-11-23')).toBe(false);
    expect(due('weekly', '2026-11-26')).toBe(false);
    // Good Friday 2026-04-03: the Thursday closes the week.
    expect(digestPeriod('weekly', at1830('2026-04-02'))).toMatchObject({
      label: '28/03/2026 a 02/04/2026',
      day: '2026-04-02',
      range: { from: Date.parse('2026-03-28T00:00:00-03:00'), to: at1830('2026-04-02') },
    });
    // And the next week starts on the holiday, so nothing between the two digests is left out.
    expect(digestPeriod('weekly', at1830('2026-04-10'))?.label).toBe('03/04/2026 a 10/04/2026');
    expect(due('weekly', '2026-04-03')).toBe(false);
    // Christmas 2026 is a Friday and B3 closes its eve: Wednesday the 23rd closes the week.
    expect(due('weekly', '2026-12-23')).toBe(true);
    expect(due('weekly', '2026-12-24')).toBe(false);
    expect(due('weekly', '2026-12-25')).toBe(false);
  });

  it('sends the monthly digest on the month’s last session day, over the month so far', () => {
    expect(digestPeriod('monthly', at1830('2026-11-30'))?.range.from).toBe(
      Date.parse('2026-11-01T00:00:00-03:00'),
    );
    expect(due('monthly', '2026-11-27')).toBe(false);
    // December 31 has no session: the 30th closes December 2026.
    expect(digestPeriod('monthly', at1830('2026-12-30'))).toMatchObject({
      label: '01/12/2026 a 30/12/2026',
      day: '2026-12-30',
    });
    expect(due('monthly', '2026-12-31')).toBe(false);
    // October 2026 ends on a Saturday: Friday the 30th closes it.
    expect(due('monthly', '2026-10-30')).toBe(true);
    expect(due('monthly', '2026-10-31')).toBe(false);
  });
});
