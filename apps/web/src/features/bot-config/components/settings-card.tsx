import { botSectionLabels } from '@vortex/core';
import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Draft, FieldSpec } from '../fields';
import type { FieldErrors } from '../hooks/use-bot-config-form';
import { ConfigField } from './config-field';

interface SettingsCardProps {
  /** A section shared by every strategy: the general settings or the risk limits. */
  section: 'general' | 'risk';
  fields: FieldSpec[];
  values: Draft['general'];
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (field: string, value: string | boolean) => void;
  description?: string;
  /** Shown under a field, by field key. */
  hints?: Partial<Record<string, ReactNode>>;
  /** Shown instead of a field's usual input, by field key. */
  overrides?: Partial<Record<string, ReactNode>>;
  className?: string;
}

/** The general settings (symbol, timeframe, daily trade limit) or the risk limits. */
export function SettingsCard({
  section,
  fields,
  values,
  errors,
  readOnly,
  onChange,
  description,
  hints,
  overrides,
  className,
}: SettingsCardProps) {
  const titleId = `bot-${section}-title`;
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId} className="text-lg">
            {botSectionLabels[section]}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className={cn('grid gap-4', className)}>
          {fields.map((spec) => (
            <div key={spec.key} className="space-y-1.5">
              {overrides?.[spec.key] ?? (
                <ConfigField
                  section={section}
                  spec={spec}
                  value={values[spec.key]}
                  error={errors[`${section}.${spec.key}`]}
                  disabled={readOnly}
                  onChange={(value) => {
                    onChange(spec.key, value);
                  }}
                />
              )}
              {hints?.[spec.key]}
            </div>
          ))}
        </CardContent>
      </Card>
    </section>
  );
}
