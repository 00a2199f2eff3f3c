import { botOptionLabels, STRATEGY_KEYS, TIMEFRAMES, type BotConfig } from '@vortex/core';
import { Settings2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { backtestTexts } from '../messages';
import { enabledStrategies, strategyLabel, type ConfigTweaks } from '../utils/strategies';

const t = backtestTexts.config;

/** Symbol, timeframe, daily limit and enabled strategies of a configuration, in one glance. */
function ConfigSummary({ config }: { config: BotConfig }) {
  const enabled = enabledStrategies(config);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">{t.symbol}</dt>
      <dd className="font-medium">{config.general.symbol}</dd>
      <dt className="text-muted-foreground">{t.timeframe}</dt>
      <dd className="font-medium">{config.general.timeframe}</dd>
      <dt className="text-muted-foreground">{t.maxDailyTrades}</dt>
      <dd className="font-medium tabular-nums">{config.general.max_daily_trades}</dd>
      <dt className="text-muted-foreground">{t.strategies}</dt>
      <dd className="flex flex-wrap gap-1">
        {enabled.length === 0 ? (
          <span className="text-muted-foreground">{t.none}</span>
        ) : (
          enabled.map((key) => (
            <Badge key={key} variant="primary">
              {strategyLabel(key)}
            </Badge>
          ))
        )}
      </dd>
    </dl>
  );
}

/** Configuration B's few fields, edited in place and never saved. */
function TweaksEditor({
  tweaks,
  onChange,
  onReset,
}: {
  tweaks: ConfigTweaks;
  onChange: (next: ConfigTweaks) => void;
  onReset: () => void;
}) {
  const id = useId();
  // The typed text, so the field can be emptied while typing; B keeps the last valid number.
  const [maxDraft, setMaxDraft] = useState(String(tweaks.max_daily_trades));
  const maxValid = /^\d+$/.test(maxDraft) && Number(maxDraft) >= 1 && Number(maxDraft) <= 100;
  const noneEnabled = STRATEGY_KEYS.every((key) => !tweaks.enabled[key]);
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-primary/50 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t.editB}</h3>
        <Button variant="ghost" size="sm" onClick={onReset}>
          {t.resetB}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-tf`}>{t.timeframe}</Label>
          <NativeSelect
            id={`${id}-tf`}
            value={tweaks.timeframe}
            onChange={(e) =>
              onChange({ ...tweaks, timeframe: e.target.value as ConfigTweaks['timeframe'] })
            }
          >
            {TIMEFRAMES.map((tf) => (
              <option key={tf} value={tf}>
                {botOptionLabels.timeframe[tf]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-max`}>{t.maxDailyTrades}</Label>
          <Input
            id={`${id}-max`}
            type="number"
            min={1}
            max={100}
            step={1}
            value={maxDraft}
            aria-invalid={!maxValid}
            onChange={(e) => {
              const text = e.target.value;
              setMaxDraft(text);
              // The contract's bounds (1–100, whole).
              const n = Number(text);
              if (/^\d+$/.test(text) && n >= 1 && n <= 100) {
                onChange({ ...tweaks, max_daily_trades: n });
              }
            }}
          />
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t.strategies}</legend>
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {STRATEGY_KEYS.map((key) => (
            <label key={key} className="flex items-center justify-between gap-2 text-sm">
              <span>{strategyLabel(key)}</span>
              <Switch
                aria-label={`B: ${strategyLabel(key)}`}
                checked={tweaks.enabled[key]}
                onCheckedChange={(on) =>
                  onChange({ ...tweaks, enabled: { ...tweaks.enabled, [key]: on } })
                }
              />
            </label>
          ))}
        </div>
        {noneEnabled && (
          <p className="mt-2 text-xs font-medium text-destructive">{t.noneEnabled}</p>
        )}
      </fieldset>
    </div>
  );
}

export function ConfigCard(props: {
  config: BotConfig;
  compare: boolean;
  onCompare: (on: boolean) => void;
  tweaks: ConfigTweaks;
  onTweaks: (next: ConfigTweaks) => void;
  onResetTweaks: () => void;
}) {
  const id = useId();
  // A reset remounts the editor, so its typed text starts again from A's values.
  const [resets, setResets] = useState(0);
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold tracking-tight">{t.title}</h2>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link to={paths.settings.path}>
            <Settings2 aria-hidden />
            {t.change}
          </Link>
        </Button>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{t.savedA}</h3>
        <ConfigSummary config={props.config} />
      </div>
      <div className="flex items-start gap-3 border-t border-border pt-4">
        <Switch
          id={`${id}-compare`}
          checked={props.compare}
          onCheckedChange={props.onCompare}
          aria-describedby={`${id}-compare-hint`}
        />
        <div className="space-y-0.5">
          <Label htmlFor={`${id}-compare`}>{t.compare}</Label>
          <p id={`${id}-compare-hint`} className="text-xs text-muted-foreground">
            {t.compareHint}
          </p>
        </div>
      </div>
      {props.compare && (
        <TweaksEditor
          key={resets}
          tweaks={props.tweaks}
          onChange={props.onTweaks}
          onReset={() => {
            setResets((n) => n + 1);
            props.onResetTweaks();
          }}
        />
      )}
    </Card>
  );
}
