import { useState } from 'react';
import {
  AdvancedSettingsSchema,
  DEFAULT_ADVANCED_SETTINGS,
  readAdvancedSettings,
  writeAdvancedSettings,
  type AdvancedSettings,
} from './advanced-settings';

export interface AdvancedDraft {
  timeout: string;
  maxRetries: string;
  enableLogging: boolean;
  autoReconnect: boolean;
}
export type AdvancedErrors = Partial<Record<keyof AdvancedDraft, string>>;

const draftOf = (s: AdvancedSettings): AdvancedDraft => ({
  ...s,
  timeout: String(s.timeout),
  maxRetries: String(s.maxRetries),
});

/** The modal's editable copy of the stored settings; saving checks it with the schema. */
export function useAdvancedSettings() {
  const [draft, setDraft] = useState<AdvancedDraft>(() => draftOf(readAdvancedSettings()));
  const [errors, setErrors] = useState<AdvancedErrors>({});

  /** Back to what is stored, as the modal opens. */
  function reset() {
    setDraft(draftOf(readAdvancedSettings()));
    setErrors({});
  }

  /** §9's defaults in the form; stored only on save. */
  function restoreDefaults() {
    setDraft(draftOf(DEFAULT_ADVANCED_SETTINGS));
    setErrors({});
  }

  function update(changes: Partial<AdvancedDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
  }

  /** Stores the draft when valid; otherwise shows why and returns false. */
  function save(): boolean {
    const result = AdvancedSettingsSchema.safeParse(draft);
    if (!result.success) {
      const next: AdvancedErrors = {};
      for (const issue of result.error.issues) {
        next[issue.path[0] as keyof AdvancedDraft] ??= issue.message;
      }
      setErrors(next);
      return false;
    }
    writeAdvancedSettings(result.data);
    setErrors({});
    return true;
  }

  return { draft, errors, reset, restoreDefaults, update, save };
}
