import { NativeSelect } from '../../../components/ui/native-select';
import { RANGE_CHOICES, type RangeChoice } from '../api/reports-keys';
import { reportsTexts as t } from '../messages';

const isChoice = (value: string): value is RangeChoice =>
  (RANGE_CHOICES as readonly string[]).includes(value);

/** The spec's five ranges, 'Todo o histórico' and 'Personalizado' (which opens 'De / Até'). */
export function RangeSelect({
  value,
  onChange,
}: {
  value: RangeChoice;
  onChange: (choice: RangeChoice) => void;
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
          if (isChoice(e.target.value)) onChange(e.target.value);
        }}
      >
        {RANGE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t.ranges[choice]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
