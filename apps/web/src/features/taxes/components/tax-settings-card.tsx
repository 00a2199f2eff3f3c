import { taxMessages as m, TaxSettingsSchema, type TaxSettings } from '@vortex/core';
import { useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useSaveTaxSettings } from '../api/save-tax-settings';

interface TaxSettingsCardProps {
  settings: TaxSettings;
  readOnly: boolean;
}

/** '1,50' or '1.50' as 1.5; what is not a number stays NaN for the schema to refuse. */
const parseReais = (text: string): number =>
  text.trim() === '' ? NaN : Number(text.replace(',', '.'));

const asText = (reais: number): string => reais.toFixed(2).replace('.', ',');

/** The cost per contract per side and the DARF reminder; a viewer only reads them. */
export function TaxSettingsCard({ settings, readOnly }: TaxSettingsCardProps) {
  const [cost, setCost] = useState(asText(settings.cost_per_contract_side));
  const [reminder, setReminder] = useState(settings.darf_reminder);
  const [invalid, setInvalid] = useState<string | undefined>();
  const save = useSaveTaxSettings();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = TaxSettingsSchema.safeParse({
      cost_per_contract_side: parseReais(cost),
      darf_reminder: reminder,
    });
    if (!parsed.success) {
      setInvalid(m.costInvalid);
      return;
    }
    setInvalid(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => setCost(asText(saved.cost_per_contract_side)),
    });
  };

  return (
    <Card className="p-4 sm:p-5 print:hidden" role="region" aria-labelledby="tax-settings-title">
      <h2 id="tax-settings-title" className="text-base font-semibold tracking-tight">
        {m.settingsTitle}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={submit} aria-labelledby="tax-settings-title">
        {readOnly && <Alert>{m.readOnly}</Alert>}
        <Field id="tax-cost" label={m.costLabel} hint={m.costHint} error={invalid}>
          {(describedBy) => (
            <Input
              id="tax-cost"
              inputMode="decimal"
              className="max-w-40"
              value={cost}
              disabled={readOnly}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setCost(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Switch
            id="tax-reminder"
            checked={reminder}
            disabled={readOnly}
            aria-labelledby="tax-reminder-label"
            onCheckedChange={setReminder}
          />
          <span id="tax-reminder-label" className="text-sm">
            {m.reminderLabel}
          </span>
        </div>
        {save.isSuccess && <Alert variant="success">{m.settingsSaved}</Alert>}
        {save.isError && <Alert variant="error">{m.settingsFailed}</Alert>}
        {!readOnly && (
          <Button type="submit" disabled={save.isPending}>
            {m.saveSettings}
          </Button>
        )}
      </form>
    </Card>
  );
}
