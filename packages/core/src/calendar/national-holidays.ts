import { fromEaster, isoDay } from './easter.js';

/**
 * Brazil's days without business: the national holidays of Lei 662/1949 (as amended by Lei
 * 6.802/1980 for Oct 12 and Lei 14.759/2023 for Nov 20, national from 2024) and the days the
 * banks close everywhere (Carnaval Monday and Tuesday, Good Friday, Corpus Christi, and Dec 31,
 * which CMN rules leave without public banking hours). Tax due dates ("último dia útil") and
 * every other count of business days in the product use this list; B3 adds its own closures on
 * top (`b3-calendar.ts`).
 */

export interface Holiday {
  /** 'YYYY-MM-DD' of the local (São Paulo) day. */
  readonly date: string;
  readonly name: string;
}

const cache = new Map<number, readonly Holiday[]>();

/** The days of a year on which nobody does business in Brazil, in date order. */
export function nationalHolidays(year: number): readonly Holiday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const list: Holiday[] = [
    { date: isoDay(year, 1, 1), name: 'Confraternização Universal' },
    { date: fromEaster(year, -48), name: 'Carnaval' },
    { date: fromEaster(year, -47), name: 'Carnaval' },
    { date: fromEaster(year, -2), name: 'Sexta-feira Santa' },
    { date: isoDay(year, 4, 21), name: 'Tiradentes' },
    { date: isoDay(year, 5, 1), name: 'Dia do Trabalho' },
    { date: fromEaster(year, 60), name: 'Corpus Christi' },
    { date: isoDay(year, 9, 7), name: 'Independência do Brasil' },
    { date: isoDay(year, 10, 12), name: 'Nossa Senhora Aparecida' },
    { date: isoDay(year, 11, 2), name: 'Finados' },
    { date: isoDay(year, 11, 15), name: 'Proclamação da República' },
    { date: isoDay(year, 12, 25), name: 'Natal' },
    { date: isoDay(year, 12, 31), name: 'Véspera de Ano Novo' },
  ];
  if (year >= 2024) {
    list.push({ date: isoDay(year, 11, 20), name: 'Dia Nacional de Zumbi e da Consciência Negra' });
  }
  list.sort((x, y) => x.date.localeCompare(y.date));
  cache.set(year, list);
  return list;
}

/** Whether a 'YYYY-MM-DD' day is one of the year's national holidays or bank closures. */
export function isNationalHoliday(day: string): boolean {
  return nationalHolidays(Number(day.slice(0, 4))).some((h) => h.date === day);
}
