import { currentWinSymbol } from '@vortex/core';
import { useState } from 'react';
import { botConfigTexts as t } from '../messages';

interface ContractHintProps {
  symbol: string;
  disabled: boolean;
  onUse: (symbol: string) => void;
}

/**
 * Under the symbol: the mini-index contract trading today, with a button to use it, when the
 * configuration names another WIN contract (the spec's default, WINZ25, has expired).
 */
export function ContractHint({ symbol, disabled, onUse }: ContractHintProps) {
  // Read once per visit to the screen: a contract rolls over at most every two months.
  const [current] = useState(() => currentWinSymbol(Date.now()));
  const typed = symbol.trim().toUpperCase();
  if (!typed.startsWith('WIN') || typed === current) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {t.currentContract(current)}{' '}
      {!disabled && (
        <button
          type="button"
          className="font-medium text-primary underline-offset-2 hover:underline"
          onClick={() => onUse(current)}
        >
          {t.useContract(current)}
        </button>
      )}
    </p>
  );
}
