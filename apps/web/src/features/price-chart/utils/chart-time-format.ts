import { TickMarkType, type Time } from 'lightweight-charts';

// Chart times are already shifted to São Paulo's wall clock (toChartTime): read them as UTC.
const asDate = (time: Time) => new Date(Number(time) * 1000);
const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

const hhmm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const ddmm = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}`;

/** The crosshair's label: '21/11 14:05'. */
export const formatCrosshairTime = (time: Time): string => {
  const d = asDate(time);
  return `${ddmm(d)} ${hhmm(d)}`;
};

/** The time axis' labels, in pt-BR. */
export function formatTickMark(time: Time, type: TickMarkType): string {
  const d = asDate(time);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getUTCFullYear());
    case TickMarkType.Month:
      return MONTHS[d.getUTCMonth()] ?? '';
    case TickMarkType.DayOfMonth:
      return ddmm(d);
    default:
      return hhmm(d);
  }
}
