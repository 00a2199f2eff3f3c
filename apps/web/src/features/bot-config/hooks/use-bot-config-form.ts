import { BotConfigSchema, DEFAULT_BOT_CONFIG, type BotConfig } from '@vortex/core';
import { useState } from 'react';
import { fromDraft, toDraft, type Draft, type SectionKey } from '../fields';

export type FieldErrors = Record<string, string>;

export type Validation =
  | { config: BotConfig; firstInvalid?: undefined }
  | { config?: undefined; firstInvalid: { path: string; message: string } };

/** The editable copy of a configuration, checked with the same schema the server applies. */
export function useBotConfigForm(initial: BotConfig) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<FieldErrors>({});

  function update(section: SectionKey, field: string, value: string | boolean) {
    setDraft((d) => ({ ...d, [section]: { ...d[section], [field]: value } }));
    setErrors((e) => {
      const path = `${section}.${field}`;
      if (!(path in e)) return e;
      const { [path]: _gone, ...rest } = e;
      return rest;
    });
  }

  function validate(): Validation {
    const result = BotConfigSchema.safeParse(fromDraft(draft, DEFAULT_BOT_CONFIG));
    if (result.success) {
      setErrors({});
      return { config: result.data };
    }
    const next: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      next[path] ??= issue.message;
    }
    setErrors(next);
    const first = result.error.issues[0];
    return {
      firstInvalid: { path: first?.path.join('.') ?? '', message: first?.message ?? '' },
    };
  }

  function reset(config: BotConfig) {
    setDraft(toDraft(config));
    setErrors({});
  }

  return { draft, errors, update, validate, reset };
}
