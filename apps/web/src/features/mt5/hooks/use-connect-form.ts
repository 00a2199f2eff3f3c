import { Mt5ConnectSchema, TestBridgeSchema } from '@vortex/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useZodForm } from '../../../components/form/use-zod-form';
import { DEFAULT_BRIDGE_URL, DEFAULT_SERVER, isListedServer } from '../servers';

const ConnectValuesSchema = z.object({
  login: z.string(),
  server: z.string(),
  password: z.string(),
  bridge_url: z.string(),
});
export type ConnectValues = z.infer<typeof ConnectValuesSchema>;
export type ConnectField = keyof ConnectValues;

/** The form's strings as the contract takes them: a blank bridge URL is no URL. */
function payloadOf(values: ConnectValues): z.input<typeof Mt5ConnectSchema> {
  const bridgeUrl = values.bridge_url.trim();
  return { ...values, bridge_url: bridgeUrl || undefined };
}

const ConnectFormSchema = ConnectValuesSchema.transform(payloadOf).pipe(Mt5ConnectSchema);

/** Screen order. */
const FIELD_ORDER: ConnectField[] = ['login', 'password', 'server', 'bridge_url'];

const EMPTY: ConnectValues = {
  login: '',
  server: DEFAULT_SERVER,
  password: '',
  bridge_url: DEFAULT_BRIDGE_URL,
};

/** What the terminal already uses, once the status tells it: the form starts from there. */
export interface KnownAccount {
  login: number | null;
  server: string | null;
}

/**
 * The credentials form, checked with the contract's Mt5ConnectSchema (pt-BR messages): on
 * connect, then on every change once a check failed, so fixed fields clear as the user types.
 */
export function useConnectForm(known: KnownAccount | undefined) {
  const form = useZodForm(ConnectFormSchema, { defaultValues: EMPTY, recheckAfterSubmit: true });
  const server = useWatch({ control: form.control, name: 'server' });
  const [manual, setManual] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  // Set by the user's own edits: RHF's isDirty is only tracked once read, so it can miss them.
  const [touched, setTouched] = useState(false);

  // Adjusting state while rendering (React's documented pattern) avoids a flash of the defaults;
  // what the user already typed stays.
  if (known && !prefilled) {
    setPrefilled(true);
    if (!touched) {
      if (known.login !== null) form.setValue('login', String(known.login));
      if (known.server !== null) {
        form.setValue('server', known.server);
        setManual(!isListedServer(known.server));
      }
    }
  }

  function setServer(value: string) {
    setTouched(true);
    form.setValue('server', value, { shouldDirty: true });
    form.recheck();
  }

  const register = (name: ConnectField) =>
    form.register(name, {
      onChange: () => {
        setTouched(true);
      },
    });

  /** `null` picks the manual entry, which starts empty. */
  function chooseServer(choice: string | null) {
    setManual(choice === null);
    setServer(choice ?? '');
  }

  /** Testing the bridge needs only a valid bridge URL, if any. */
  function validateBridgeUrl(): { bridge_url?: string } | null {
    const result = TestBridgeSchema.safeParse({
      bridge_url: payloadOf(form.getValues()).bridge_url,
    });
    if (result.success) {
      form.clearErrors('bridge_url');
      return result.data ?? {};
    }
    const issue = result.error.issues[0];
    if (issue) form.setError('bridge_url', { type: issue.code, message: issue.message });
    return null;
  }

  /** Connect's submit handler; an invalid form focuses its first invalid field, in screen order. */
  const submitConnect = (
    onValid: (data: z.output<typeof ConnectFormSchema>) => void,
    onInvalid: (first: ConnectField) => void,
  ) =>
    form.submit(onValid, (invalid) => {
      onInvalid(FIELD_ORDER.find((field) => invalid.includes(field)) ?? 'login');
    });

  return {
    register,
    errors: form.formState.errors,
    server,
    manual,
    setServer,
    chooseServer,
    submitConnect,
    validateBridgeUrl,
  };
}
