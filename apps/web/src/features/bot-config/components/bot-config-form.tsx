import { DEFAULT_BOT_CONFIG, STRATEGY_KEYS, type BotConfig, type StrategyKey } from '@vortex/core';
import { RotateCcw, Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { SaveBotConfigError, useSaveBotConfig } from '../api/save-bot-config';
import { useBotConfigForm } from '../hooks/use-bot-config-form';
import { useNotice } from '../hooks/use-notice';
import { botConfigTexts as t } from '../messages';
import { GENERAL_FIELDS, RISK_FIELDS, type SectionKey } from '../fields';
import { fieldId } from './config-field';
import { NoticeBanner } from './notice-banner';
import { SettingsCard } from './settings-card';
import { StrategyCard } from './strategy-card';
import { SymbolField } from './symbol-field';

const symbolSpec = GENERAL_FIELDS.find((f) => f.key === 'symbol');

interface BotConfigFormProps {
  initial: BotConfig;
  /** Whether `initial` came from the server or is the fallback after a failed load. */
  loaded: boolean;
  readOnly: boolean;
  focus?: StrategyKey | undefined;
}

export function BotConfigForm({ initial, loaded, readOnly, focus }: BotConfigFormProps) {
  const form = useBotConfigForm(initial);
  const save = useSaveBotConfig();
  const { notice, show, clear } = useNotice();
  const focusRef = useRef<HTMLElement>(null);

  useEffect(() => {
    show(
      loaded
        ? { tone: 'success', text: t.notices.loaded }
        : { tone: 'warning', text: t.notices.usingDefaults },
    );
  }, [loaded, show]);

  useEffect(() => {
    const card = focusRef.current;
    // jsdom has no scrollIntoView.
    if (card && typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'start' });
  }, []);

  const handleSubmit = form.submit(
    (config) => {
      save.mutate(config, {
        onSuccess: () => {
          form.reset(config);
          show({ tone: 'success', text: t.notices.saved });
        },
        onError: (err) => {
          show({
            tone: 'error',
            text: err instanceof SaveBotConfigError ? err.message : t.notices.saveError(undefined),
          });
        },
      });
    },
    (firstInvalid) => {
      show({ tone: 'error', text: t.notices.saveError(firstInvalid.message) });
      const [section, field] = firstInvalid.path.split('.');
      if (section && field) document.getElementById(fieldId(section as SectionKey, field))?.focus();
    },
  );

  const change = (section: SectionKey) => (field: string, value: string | boolean) => {
    form.update(section, field, value);
  };

  return (
    <form noValidate aria-label={t.formLabel} onSubmit={handleSubmit} className="space-y-6">
      <SettingsCard
        section="general"
        fields={GENERAL_FIELDS}
        className="sm:grid-cols-3"
        overrides={{
          symbol: symbolSpec && (
            <SymbolField
              spec={symbolSpec}
              value={String(form.draft.general.symbol)}
              error={form.errors['general.symbol']}
              disabled={readOnly}
              onChange={(symbol) => form.update('general', 'symbol', symbol)}
            />
          ),
        }}
        values={form.draft.general}
        errors={form.errors}
        readOnly={readOnly}
        onChange={change('general')}
      />
      <SettingsCard
        section="risk"
        fields={RISK_FIELDS}
        className="sm:grid-cols-2"
        description={t.riskDescription}
        values={form.draft.risk}
        errors={form.errors}
        readOnly={readOnly}
        onChange={change('risk')}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {STRATEGY_KEYS.map((key) => (
          <StrategyCard
            key={key}
            ref={key === focus ? focusRef : undefined}
            strategy={key}
            values={form.draft[key]}
            errors={form.errors}
            readOnly={readOnly}
            highlighted={key === focus}
            onChange={change(key)}
          />
        ))}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:flex-row sm:items-center sm:px-6 lg:-mx-10 lg:px-10">
        {notice && <NoticeBanner notice={notice} onDismiss={clear} />}
        {readOnly ? (
          <p className="text-sm text-muted-foreground">{t.readOnly}</p>
        ) : (
          <div className="flex flex-wrap justify-end gap-2 sm:ml-auto">
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => {
                form.reset(DEFAULT_BOT_CONFIG);
              }}
            >
              <RotateCcw />
              {t.restoreDefaults}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <Save />}
              {save.isPending ? t.saving : t.save}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
