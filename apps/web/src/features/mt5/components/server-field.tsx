import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { mt5Texts } from '../messages';
import { DEMO_SERVERS, REAL_SERVERS, type Mt5Server } from '../servers';

const t = mt5Texts.form;
const MANUAL = '__manual__';

interface ServerFieldProps {
  value: string;
  manual: boolean;
  error: string | undefined;
  disabled: boolean;
  /** `null` switches to typing the name. */
  onChoose: (server: string | null) => void;
  onType: (server: string) => void;
}

function options(servers: readonly Mt5Server[]) {
  return servers.map((s) => (
    <option key={s.name} value={s.name}>
      {`${s.broker} — ${s.name}`}
    </option>
  ));
}

/** trading.md §2: a server from the list of real and demo servers, or typed by hand. */
export function ServerField({
  value,
  manual,
  error,
  disabled,
  onChoose,
  onType,
}: ServerFieldProps) {
  return (
    <div className="space-y-3">
      <Field id="mt5-server" label={t.server} hint={manual ? undefined : t.serverHint}>
        {(describedBy) => (
          <NativeSelect
            id="mt5-server"
            value={manual ? MANUAL : value}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(event) => {
              onChoose(event.target.value === MANUAL ? null : event.target.value);
            }}
          >
            <optgroup label={t.realGroup}>{options(REAL_SERVERS)}</optgroup>
            <optgroup label={t.demoGroup}>{options(DEMO_SERVERS)}</optgroup>
            <option value={MANUAL}>{t.manualOption}</option>
          </NativeSelect>
        )}
      </Field>
      {manual && (
        <Field id="mt5-server-manual" label={t.manualLabel} hint={t.serverHint} error={error}>
          {(describedBy) => (
            <Input
              id="mt5-server-manual"
              value={value}
              placeholder={t.manualPlaceholder}
              autoComplete="off"
              spellCheck={false}
              maxLength={128}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                onType(event.target.value);
              }}
            />
          )}
        </Field>
      )}
    </div>
  );
}
