import { localWallClock } from '@vortex/core';
import { paths } from '../../../config/paths';

/** /impostos/anual/2026: the printable summary of a year. */
export const annualPath = (year: number): string =>
  paths.taxesAnnual.path.replace(':year', String(year));

/** /impostos?ano=2026: the screen on a year, so a reload or a link keeps it. */
export const yearPath = (year: number): string => `${paths.taxes.path}?ano=${year}`;

/** This year in São Paulo, where the tax is computed. */
export const currentYear = (now = Date.now()): number => Number(localWallClock(now).slice(0, 4));

/** A year the API takes (2000–2100), or null. */
export function validYear(value: unknown): number | null {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null;
}

/** The year in '?ano=', else the current one. */
export const yearParam = (search: URLSearchParams): number =>
  validYear(search.get('ano')) ?? currentYear();
