import { taxMessages as m, TaxSettingsSchema, type TaxSettings } from '@vortex/core';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useZodForm } from '../../../components/form/use-zod-form';
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

/** The contract, with the cost typed as text in pt-BR; every refusal reads as the spec's one. */
const TaxSettingsFormSchema = z.object({
  cost_per_contract_side: z
    .string()
    .transform(parseReais)
    .pipe(TaxSettingsSchema.shape.cost_per_contract_side),
  darf_reminder: TaxSettingsSchema.shape.darf_reminder,
});

/** The cost per contract per side and the DARF reminder; a viewer only reads them. */
export function TaxSettingsCard({ settings, readOnly }: TaxSettingsCardProps) {
  const form = useZodForm(TaxSettingsFormSchema, {
    defaultValues: {
      cost_per_contract_side: asText(settings.cost_per_contract_side),
      darf_reminder: settings.darf_reminder,
    },
  });
  const save = useSaveTaxSettings();
  const invalid = form.formState.errors.cost_per_contract_side ? m.costInvalid : undefined;

  const submit = form.submit((parsed) => {
    save.mutate(parsed, {
      onSuccess: (saved) => {
        form.setValue('cost_per_contract_side', asText(saved.cost_per_contract_side));
      },
    });
  });

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
              disabled={readOnly}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('cost_per_contract_side')}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="darf_reminder"
            render={({ field }) => (
              <Switch
                id="tax-reminder"
                checked={field.value}
                disabled={readOnly}
                aria-labelledby="tax-reminder-label"
                onCheckedChange={field.onChange}
              />
            )}
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
