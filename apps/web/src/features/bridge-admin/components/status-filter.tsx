import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { bridgeAdminTexts as t } from '../messages';

interface StatusFilterProps<S extends string> {
  id: string;
  label: string;
  value: S | undefined;
  labels: Record<S, string>;
  onChange: (value: S | undefined) => void;
}

/** A status select with 'Todos' first; the value sent is the API's own status word. */
export function StatusFilter<S extends string>({
  id,
  label,
  value,
  labels,
  onChange,
}: StatusFilterProps<S>) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        className="w-44"
        value={value ?? ''}
        onChange={(event) => {
          onChange((event.target.value || undefined) as S | undefined);
        }}
      >
        <option value="">{t.all}</option>
        {(Object.keys(labels) as S[]).map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
