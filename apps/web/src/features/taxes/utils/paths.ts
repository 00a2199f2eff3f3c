import { paths } from '../../../config/paths';

/** /impostos/anual/2026: the printable summary of a year. */
export const annualPath = (year: number): string =>
  paths.taxesAnnual.path.replace(':year', String(year));

/** /impostos?ano=2026: the screen on a year, so a reload or a link keeps it. */
export const yearPath = (year: number): string => `${paths.taxes.path}?ano=${year}`;

/** The year in '?ano=', or null for the server's default (the current year). */
export function yearParam(search: URLSearchParams): number | null {
  const year = Number(search.get('ano'));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null;
}
