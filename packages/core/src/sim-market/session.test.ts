import { describe, expect, it } from 'vitest';
import { SessionCalendar } from './session.js';

const sp = (iso: string): number => Date.parse(`${iso}-03:00`);
const calendar = new SessionCalendar();

describe('SessionCalendar (WIN, America/Sao_Paulo)', () => {
  it('is open from 09:00 to 18:25 local on a weekday, end excluded', () => {
    expect(calendar.isOpen(sp('2025-03-10T08:59:59.999'))).toBe(false);
    expect(calendar.isOpen(sp('2025-03-10T09:00:00'))).toBe(true);
    expect(calendar.isOpen(sp('2025-03-10T18:24:59.999'))).toBe(true);
    expect(calendar.isOpen(sp('2025-03-10T18:25:00'))).toBe(false);
  });

  it('is closed on weekends', () => {
    expect(calendar.isOpen(sp('2025-03-08T12:00:00'))).toBe(false); // Saturday
    expect(calendar.isOpen(sp('2025-03-09T12:00:00'))).toBe(false); // Sunday
  });

  it('places the session at 12:00–21:25 UTC now, 11:00 UTC under 2018 summer time', () => {
    const day = calendar.sessionOf(calendar.localDay(sp('2025-03-10T12:00:00')));
    expect(new Date(day.open).toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(new Date(day.close).toISOString()).toBe('2025-03-10T21:25:00.000Z');
    const summer = calendar.sessionAt(Date.parse('2018-12-03T11:30:00Z'));
    expect(summer && new Date(summer.open).toISOString()).toBe('2018-12-03T11:00:00.000Z');
  });

  it('finds the next session across a weekend and from inside one', () => {
    const next = calendar.nextSession(sp('2025-03-07T18:30:00')); // Friday after the close
    expect(new Date(next.open).toISOString()).toBe('2025-03-10T12:00:00.000Z');
    const current = calendar.nextSession(sp('2025-03-10T10:00:00'));
    expect(current.open).toBe(next.open);
  });

  it('counts trading days back, the open day included', () => {
    const monday = sp('2025-03-10T10:00:00');
    expect(calendar.sessionsBack(monday, 1).open).toBe(sp('2025-03-10T09:00:00'));
    expect(calendar.sessionsBack(monday, 2).open).toBe(sp('2025-03-07T09:00:00'));
    expect(calendar.sessionsBack(sp('2025-03-10T08:00:00'), 1).open).toBe(
      sp('2025-03-07T09:00:00'),
    );
  });

  it('takes a holiday hook', () => {
    const carnival = new SessionCalendar({
      timeZone: 'America/Sao_Paulo',
      openMinute: 540,
      closeMinute: 1105,
      isHoliday: (day) => day === '2025-03-04',
    });
    expect(carnival.isOpen(sp('2025-03-04T12:00:00'))).toBe(false);
    expect(carnival.nextSession(sp('2025-03-04T12:00:00')).open).toBe(sp('2025-03-05T09:00:00'));
  });

  it('holds no session on B3 holidays by default, and trades through São Paulo’s own', () => {
    expect(calendar.isOpen(sp('2025-03-03T12:00:00'))).toBe(false); // Carnaval Monday
    expect(calendar.isOpen(sp('2025-12-24T12:00:00'))).toBe(false); // B3 closes, banks open
    expect(calendar.isOpen(sp('2025-03-05T14:00:00'))).toBe(true); // Ash Wednesday afternoon
    expect(calendar.isOpen(sp('2024-01-25T12:00:00'))).toBe(true); // city holiday, B3 trades
    // Good Friday 2026-04-03: Thursday's session is followed by Monday's.
    const thursday = sp('2026-04-02T18:30:00');
    expect(calendar.nextSession(thursday).open).toBe(sp('2026-04-06T09:00:00'));
    expect(calendar.sessionsBack(sp('2026-04-06T10:00:00'), 2).open).toBe(
      sp('2026-04-02T09:00:00'),
    );
  });

  it('gives local minutes since midnight', () => {
    expect(calendar.localMinute(sp('2025-03-10T18:20:30'))).toBe(18 * 60 + 20.5);
  });
});
