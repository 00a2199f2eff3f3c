import { CURRENT_SERIES_SYMBOL, currentWinSymbol, isCurrentSeries } from '@vortex/core';
import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import type { FieldSpec } from '../fields';
import { botConfigTexts as t } from '../messages';
import { ConfigField, fieldId } from './config-field';
import { ContractHint } from './contract-hint';

interface SymbolFieldProps {
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

/**
 * The symbol: 'Série vigente (WINxNN)', which the server resolves from B3's calendar and rolls at
 * each expiry, or a fixed symbol typed by the trader.
 */
export function SymbolField({ spec, value, error, disabled, onChange }: SymbolFieldProps) {
  // Read once per visit to the screen: a series rolls at most every two months.
  const [current] = useState(() => currentWinSymbol(Date.now()));
  const following = isCurrentSeries(value.trim().toUpperCase());
  const modeId = fieldId('general', 'symbol_mode');
  return (
    <div className="space-y-3">
      <Field id={modeId} label={t.symbolMode.label}>
        {(describedBy) => (
          <NativeSelect
            id={modeId}
            disabled={disabled}
            aria-describedby={describedBy}
            value={following ? 'current' : 'fixed'}
            onChange={(event) => {
              // Leaving the series starts from its symbol, which the trader can then change.
              onChange(event.target.value === 'current' ? CURRENT_SERIES_SYMBOL : current);
            }}
          >
            <option value="current">{t.symbolMode.current(current)}</option>
            <option value="fixed">{t.symbolMode.fixed}</option>
          </NativeSelect>
        )}
      </Field>
      {following ? (
        <p className="text-xs text-muted-foreground">{t.symbolMode.rolls}</p>
      ) : (
        <div className="space-y-1.5">
          <ConfigField
            section="general"
            spec={spec}
            value={value}
            error={error}
            disabled={disabled}
            onChange={(v) => {
              onChange(String(v));
            }}
          />
          <ContractHint symbol={value} disabled={disabled} onUse={onChange} />
        </div>
      )}
    </div>
  );
}
