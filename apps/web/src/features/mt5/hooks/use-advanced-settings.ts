import { useZodForm } from '../../../components/form/use-zod-form';
import {
  AdvancedSettingsSchema,
  DEFAULT_ADVANCED_SETTINGS,
  readAdvancedSettings,
  writeAdvancedSettings,
  type AdvancedSettings,
} from './advanced-settings';

/** The numbers as the inputs hold them: text, coerced by the schema on save. */
const draftOf = (s: AdvancedSettings) => ({
  ...s,
  timeout: String(s.timeout),
  maxRetries: String(s.maxRetries),
});

/** The modal's editable copy of the stored settings; saving checks it with the schema. */
export function useAdvancedSettings() {
  const form = useZodForm(AdvancedSettingsSchema, {
    defaultValues: draftOf(readAdvancedSettings()),
  });

  return {
    form,
    /** Back to what is stored, as the modal opens. */
    reset: () => {
      form.reset(draftOf(readAdvancedSettings()));
    },
    /** §9's defaults in the form; stored only on save. */
    restoreDefaults: () => {
      form.reset(draftOf(DEFAULT_ADVANCED_SETTINGS));
    },
    /** A submit handler: stores the settings when valid, otherwise shows why. */
    save: (onSaved: () => void) =>
      form.submit((settings) => {
        writeAdvancedSettings(settings);
        onSaved();
      }),
  };
}
