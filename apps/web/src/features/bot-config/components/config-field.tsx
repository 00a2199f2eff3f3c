import { BOT_LIMITS, botFieldLabels, type BotLimitKey } from '@vortex/core';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Switch } from '../../../components/ui/switch';
import type { FieldSpec, SectionKey } from '../fields';

interface ConfigFieldProps {
  section: SectionKey;
  spec: FieldSpec;
  value: string | boolean | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
  hint?: string | undefined;
}

export const fieldId = (section: SectionKey, key: string) => `bot-${section}-${key}`;

/** One parameter: a number with its §5 step and bounds, a select, a switch or a text. */
export function ConfigField({
  section,
  spec,
  value,
  error,
  disabled,
  onChange,
  hint,
}: ConfigFieldProps) {
  const id = fieldId(section, spec.key);
  const label = botFieldLabels[spec.key];
  if (spec.kind === 'switch') {
    return (
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-3 py-2.5 sm:col-span-2">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        <Switch
          id={id}
          checked={value === true}
          disabled={disabled}
          onCheckedChange={(checked) => {
            onChange(checked);
          }}
        />
      </div>
    );
  }
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => {
        const common = {
          id,
          disabled,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
        };
        if (spec.kind === 'select') {
          return (
            <NativeSelect
              {...common}
              value={String(value ?? '')}
              onChange={(event) => {
                onChange(event.target.value);
              }}
            >
              {Object.entries(spec.options).map(([option, text]) => (
                <option key={option} value={option}>
                  {text}
                </option>
              ))}
            </NativeSelect>
          );
        }
        const limits = spec.kind === 'number' ? BOT_LIMITS[spec.key as BotLimitKey] : undefined;
        return (
          <Input
            {...common}
            type={limits ? 'number' : 'text'}
            inputMode={limits ? 'decimal' : undefined}
            min={limits?.min}
            max={limits?.max}
            step={limits?.step}
            maxLength={limits ? undefined : 20}
            autoCapitalize={limits ? undefined : 'characters'}
            className={limits ? undefined : 'uppercase'}
            value={String(value ?? '')}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
        );
      }}
    </Field>
  );
}
