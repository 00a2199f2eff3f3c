import { BotConfigSchema, DEFAULT_BOT_CONFIG, type BotConfig } from '@vortex/core';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useZodForm } from '../../../components/form/use-zod-form';
import { fromDraft, toDraft, type Draft, type SectionKey } from '../fields';

export type FieldErrors = Record<string, string>;

/** The draft, its typed numbers read, judged by the same schema the server applies. */
const DraftSchema = z
  .custom<Draft>()
  .transform((draft) => fromDraft(draft, DEFAULT_BOT_CONFIG))
  .pipe(BotConfigSchema);

type NestedErrors = Partial<Record<string, Partial<Record<string, { message?: string }>>>>;

/** RHF nests errors by section; the cards look them up as 'section.field'. */
function flatten(errors: NestedErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [section, fields] of Object.entries(errors)) {
    for (const [field, error] of Object.entries(fields ?? {})) {
      if (error?.message) out[`${section}.${field}`] = error.message;
    }
  }
  return out;
}

/** The editable copy of a configuration, checked with the same schema the server applies. */
export function useBotConfigForm(initial: BotConfig) {
  const form = useZodForm(DraftSchema, { defaultValues: toDraft(initial) });
  const draft = useWatch({ control: form.control }) as Draft;

  /** A change clears that field's error; the others wait for the next save. */
  function update(section: SectionKey, field: string, value: string | boolean) {
    const path = `${section}.${field}` as const;
    form.setValue(path, value);
    form.clearErrors(path);
  }

  /** Save's submit handler; an invalid draft reports the schema's first issue. */
  const submit = (
    onValid: (config: BotConfig) => void,
    onInvalid: (first: { path: string; message: string }) => void,
  ) =>
    form.submit(onValid, ([path = '']) => {
      // getFieldState reads the errors just set; formState is this render's snapshot.
      const message = form.getFieldState(path as `${SectionKey}.${string}`).error?.message;
      onInvalid({ path, message: typeof message === 'string' ? message : '' });
    });

  function reset(config: BotConfig) {
    form.reset(toDraft(config));
  }

  const errors = flatten(form.formState.errors as NestedErrors);
  return { draft, errors, update, submit, reset };
}
