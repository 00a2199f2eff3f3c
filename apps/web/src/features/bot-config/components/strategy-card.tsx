import { botSectionLabels, MAGIC_BASE, type StrategyKey } from '@vortex/core';
import type { Ref } from 'react';
import { Badge } from '../../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { STRATEGY_FIELDS, type Draft } from '../fields';
import type { FieldErrors } from '../hooks/use-bot-config-form';
import { botConfigTexts as t } from '../messages';
import { ConfigField, fieldId } from './config-field';

interface StrategyCardProps {
  strategy: StrategyKey;
  values: Draft[StrategyKey];
  errors: FieldErrors;
  readOnly: boolean;
  highlighted: boolean;
  onChange: (field: string, value: string | boolean) => void;
  ref?: Ref<HTMLElement>;
}

/** The offset as typed, as the magic the bot will stamp (135000 + offset), when it is a number. */
function magicOf(offset: string | boolean | undefined): number | null {
  const n = typeof offset === 'string' && offset.trim() !== '' ? Number(offset) : Number.NaN;
  return Number.isInteger(n) ? MAGIC_BASE + n : null;
}

/** One strategy: its switch, its magic, and its parameters while it is enabled. */
export function StrategyCard({
  strategy,
  values,
  errors,
  readOnly,
  highlighted,
  onChange,
  ref,
}: StrategyCardProps) {
  const title = botSectionLabels[strategy];
  const enabled = values.enabled === true;
  const titleId = `bot-${strategy}-title`;
  // A disabled card hides its fields, not their errors: the save is refused until they are fixed.
  const hiddenErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith(`${strategy}.`))
    .map(([, message]) => message);
  return (
    <section ref={ref} aria-labelledby={titleId} className="scroll-mt-6">
      <Card className={cn('h-full', highlighted && 'ring-2 ring-primary')}>
        <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle id={titleId} className="text-lg">
                {title}
              </CardTitle>
              <Badge variant={enabled ? 'primary' : 'neutral'} className="font-mono">
                {t.magic(magicOf(values.magic_offset))}
              </Badge>
            </div>
            <CardDescription>{t.strategyDescriptions[strategy]}</CardDescription>
          </div>
          <Switch
            id={fieldId(strategy, 'enabled')}
            aria-label={t.enabledToggle(title)}
            checked={enabled}
            disabled={readOnly}
            onCheckedChange={(checked) => {
              onChange('enabled', checked);
            }}
          />
        </CardHeader>
        <CardContent>
          {enabled ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {STRATEGY_FIELDS[strategy].map((spec) => (
                <ConfigField
                  key={spec.key}
                  section={strategy}
                  spec={spec}
                  value={values[spec.key]}
                  error={errors[`${strategy}.${spec.key}`]}
                  disabled={readOnly}
                  hint={spec.key === 'magic_offset' ? t.magicHint(MAGIC_BASE) : undefined}
                  onChange={(value) => {
                    onChange(spec.key, value);
                  }}
                />
              ))}
            </div>
          ) : (
            <div className="space-y-1 text-sm">
              <p className="text-muted-foreground">{t.disabled}</p>
              {hiddenErrors.map((message) => (
                <p key={message} className="text-xs font-medium text-destructive">
                  {message}
                </p>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
