import { formatPercent } from '@vortex/core';
import { reportsTexts as t } from '../messages';
import { exitReasonRows } from '../utils/labels';
import { ReportSection } from './report-section';

/** How the period's positions closed: stop loss, take profit, the robot, by hand. */
export function ExitReasons({ reasons }: { reasons: Readonly<Record<string, number>> }) {
  const rows = exitReasonRows(reasons);
  return (
    <ReportSection
      id="reports-exit-reasons"
      className="h-full"
      title={t.exitReasons.title}
      description={t.exitReasons.description}
    >
      {rows.length === 0 ? (
        <p className="p-5 text-sm text-muted-foreground">{t.exitReasons.empty}</p>
      ) : (
        <ul className="space-y-4 p-5">
          {rows.map((row) => (
            <li key={row.key} className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{row.label}</span>
                <span className="text-muted-foreground tabular-nums">
                  {t.exitReasons.count(row.count)} · {formatPercent(row.share, 1)}
                </span>
              </div>
              <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${row.share}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
