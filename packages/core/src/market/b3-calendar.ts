/**
 * B3's trading calendar: the days the exchange holds no session. Sources (B3's yearly holiday
 * circulars as reported for 2024, 2025 and 2026): closed on the national holidays (Jan 1,
 * Carnaval Monday and Tuesday, Good Friday, Apr 21, May 1, Corpus Christi, Sep 7, Oct 12,
 * Nov 2, Nov 15, and Nov 20 since it became national in 2024 by Lei 14.759/2023) and on its own
 * closures Dec 24 and Dec 31; Ash Wednesday trades from 13:00, so it is a session day. Since
 * 2022 B3 trades on São Paulo's city and state holidays (Jan 25, Jul 9, and Nov 20 before 2024);
 * before 2022 it closed on them.
 */

export interface B3Holiday {
  /** 'YYYY-MM-DD' of the local (São Paulo) day. */
  readonly date: string;
  readonly name: string;
}

const iso = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of the Gregorian calendar (Meeus/Jones/Butcher), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** A day `offset` days from Easter Sunday, as 'YYYY-MM-DD'. */
function fromEaster(year: number, offset: number): string {
  const [month, day] = easterSunday(year);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

const holidayCache = new Map<number, readonly B3Holiday[]>();

/** The weekdays and weekends alike on which B3 holds no session in a year, in date order. */
export function b3Holidays(year: number): readonly B3Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const list: B3Holiday[] = [
    { date: iso(year, 1, 1), name: 'Confraternização Universal' },
    { date: fromEaster(year, -48), name: 'Carnaval' },
    { date: fromEaster(year, -47), name: 'Carnaval' },
    { date: fromEaster(year, -2), name: 'Sexta-feira Santa' },
    { date: iso(year, 4, 21), name: 'Tiradentes' },
    { date: iso(year, 5, 1), name: 'Dia do Trabalho' },
    { date: fromEaster(year, 60), name: 'Corpus Christi' },
    { date: iso(year, 9, 7), name: 'Independência do Brasil' },
    { date: iso(year, 10, 12), name: 'Nossa Senhora Aparecida' },
    { date: iso(year, 11, 2), name: 'Finados' },
    { date: iso(year, 11, 15), name: 'Proclamação da República' },
    { date: iso(year, 12, 24), name: 'Véspera de Natal' },
    { date: iso(year, 12, 25), name: 'Natal' },
    { date: iso(year, 12, 31), name: 'Véspera de Ano Novo' },
  ];
  if (year < 2022) {
    list.push(
      { date: iso(year, 1, 25), name: 'Aniversário de São Paulo' },
      { date: iso(year, 7, 9), name: 'Revolução Constitucionalista' },
    );
  }
  if (year < 2022 || year >= 2024) {
    list.push({ date: iso(year, 11, 20), name: 'Dia Nacional de Zumbi e da Consciência Negra' });
  }
  list.sort((x, y) => x.date.localeCompare(y.date));
  holidayCache.set(year, list);
  return list;
}

/** Whether B3 is closed for a holiday on a 'YYYY-MM-DD' day. */
export function isB3Holiday(day: string): boolean {
  return b3Holidays(Number(day.slice(0, 4))).some((h) => h.date === day);
}

/** Whether B3 holds a session on a 'YYYY-MM-DD' day: a weekday that is no holiday. */
export function isB3SessionDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isB3Holiday(day);
}

/** The first B3 session day on or after a 'YYYY-MM-DD' day. */
export function nextB3SessionDay(day: string): string {
  let at = Date.parse(`${day}T00:00:00Z`);
  // A year cannot hold 30 closed days in a row; the bound only guards the loop.
  for (let i = 0; i < 30; i++, at += 86_400_000) {
    const candidate = new Date(at).toISOString().slice(0, 10);
    if (isB3SessionDay(candidate)) return candidate;
  }
  throw new Error(`no B3 session within 30 days of ${day}`);
}
