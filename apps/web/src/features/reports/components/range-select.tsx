import { REPORT_RANGES } from '@vortex/core';
import { NativeSelect } from '../../../components/ui/native-select';
import { parseReportRange, type ReportRange } from '../api/reports-keys';
import { reportsTexts as t } from '../messages';

export function RangeSelect({
  value,
  onChange,
}: {
  value: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="reports-range" className="text-sm font-medium text-muted-foreground">
        {t.range}
      </label>
      <NativeSelect
        id="reports-range"
        className="w-44"
        value={value}
        onChange={(e) => {
          onChange(parseReportRange(e.target.value));
        }}
      >
        {REPORT_RANGES.map((range) => (
          <option key={range} value={range}>
            {t.ranges[range]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
