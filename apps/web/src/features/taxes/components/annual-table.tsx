import { formatBRL, taxDayLabel, taxMessages as m, taxMonthLabel } from '@vortex/core';

interface AnnualTableProps {
  title: string;
  columns: readonly string[];
  rows: readonly { month: string; cells: readonly (number | string)[] }[];
  /** Column indexes that hold a rate in % rather than reais. */
  percentColumns?: readonly number[];
}

const cellText = (value: number | string, percent: boolean): string => {
  if (typeof value === 'string') return value === '' ? '—' : taxDayLabel(value);
  return percent ? `${value}%` : formatBRL(value);
};

/** One table of the IRPF summary: months down, the form's fields across. */
export function AnnualTable({ title, columns, rows, percentColumns = [] }: AnnualTableProps) {
  const id = `annual-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-2 break-inside-avoid">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className="w-full overflow-x-auto rounded-lg border border-border print:overflow-visible">
        <table className="w-full border-collapse text-xs tabular-nums print:text-[7.5pt]">
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {m.colMonth}
              </th>
              {columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="min-w-24 px-2 py-2 text-right align-bottom font-semibold print:min-w-0 print:px-1"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month} className="border-t border-border">
                <th
                  scope="row"
                  className="px-2 py-1.5 text-left font-medium whitespace-nowrap first-letter:uppercase print:px-1 print:py-1"
                >
                  {taxMonthLabel(row.month)}
                </th>
                {row.cells.map((value, i) => (
                  <td
                    key={columns[i]}
                    className="px-2 py-1.5 text-right whitespace-nowrap print:px-1 print:py-1"
                  >
                    {cellText(value, percentColumns.includes(i))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
