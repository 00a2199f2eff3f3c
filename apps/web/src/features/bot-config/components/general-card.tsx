import { botSectionLabels } from '@vortex/core';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { GENERAL_FIELDS, type Draft } from '../fields';
import type { FieldErrors } from '../hooks/use-bot-config-form';
import { ConfigField } from './config-field';

interface GeneralCardProps {
  values: Draft['general'];
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (field: string, value: string | boolean) => void;
}

/** Symbol, timeframe and the daily trade limit shared by every strategy. */
export function GeneralCard({ values, errors, readOnly, onChange }: GeneralCardProps) {
  return (
    <section aria-labelledby="bot-general-title">
      <Card>
        <CardHeader>
          <CardTitle id="bot-general-title" className="text-lg">
            {botSectionLabels.general}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {GENERAL_FIELDS.map((spec) => (
            <ConfigField
              key={spec.key}
              section="general"
              spec={spec}
              value={values[spec.key]}
              error={errors[`general.${spec.key}`]}
              disabled={readOnly}
              onChange={(value) => {
                onChange(spec.key, value);
              }}
            />
          ))}
        </CardContent>
      </Card>
    </section>
  );
}
