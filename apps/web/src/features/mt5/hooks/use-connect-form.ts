import { Mt5ConnectSchema, TestBridgeSchema, type Mt5Connect } from '@vortex/core';
import { useState } from 'react';
import { DEFAULT_BRIDGE_URL, DEFAULT_SERVER, isListedServer } from '../servers';

export interface ConnectValues {
  login: string;
  server: string;
  password: string;
  bridge_url: string;
}
export type ConnectField = keyof ConnectValues;
export type ConnectErrors = Partial<Record<ConnectField, string>>;

/** Screen order. */
const FIELD_ORDER: ConnectField[] = ['login', 'password', 'server', 'bridge_url'];

const EMPTY: ConnectValues = {
  login: '',
  server: DEFAULT_SERVER,
  password: '',
  bridge_url: DEFAULT_BRIDGE_URL,
};

/** The form's strings as the contract takes them: a blank bridge URL is no URL. */
function payloadOf(values: ConnectValues) {
  const bridgeUrl = values.bridge_url.trim();
  return { ...values, bridge_url: bridgeUrl || undefined };
}

/** One message per field, the first the schema reports. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): ConnectErrors {
  const errors: ConnectErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as ConnectField;
    errors[field] ??= issue.message;
  }
  return errors;
}

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
  const [values, setValues] = useState<ConnectValues>(EMPTY);
  const [manual, setManual] = useState(false);
  const [errors, setErrors] = useState<ConnectErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  const [touched, setTouched] = useState(false);

  // Adjusting state while rendering (React's documented pattern) avoids a flash of the defaults.
  if (known && !prefilled) {
    setPrefilled(true);
    if (!touched && (known.login !== null || known.server !== null)) {
      setValues((v) => ({
        ...v,
        login: known.login === null ? v.login : String(known.login),
        server: known.server ?? v.server,
      }));
      setManual(known.server !== null && !isListedServer(known.server));
    }
  }

  function recheck(next: ConnectValues) {
    if (!attempted) return;
    const result = Mt5ConnectSchema.safeParse(payloadOf(next));
    setErrors(result.success ? {} : errorsOf(result.error.issues));
  }

  function setField(field: ConnectField, value: string) {
    const next = { ...values, [field]: value };
    setTouched(true);
    setValues(next);
    recheck(next);
  }

  /** `null` picks the manual entry, which starts empty. */
  function chooseServer(server: string | null) {
    setManual(server === null);
    setField('server', server ?? '');
  }

  /** The payload when valid; otherwise the first invalid field, in screen order, to focus. */
  function validateConnect(): { data: Mt5Connect } | { data: null; firstInvalid: ConnectField } {
    setAttempted(true);
    const result = Mt5ConnectSchema.safeParse(payloadOf(values));
    if (result.success) {
      setErrors({});
      return { data: result.data };
    }
    const next = errorsOf(result.error.issues);
    setErrors(next);
    return { data: null, firstInvalid: FIELD_ORDER.find((f) => next[f]) ?? 'login' };
  }

  /** Testing the bridge needs only a valid bridge URL, if any. */
  function validateBridgeUrl(): { bridge_url?: string } | null {
    const result = TestBridgeSchema.safeParse({ bridge_url: payloadOf(values).bridge_url });
    if (result.success) {
      setErrors(({ bridge_url: _, ...rest }) => rest);
      return result.data ?? {};
    }
    setErrors((current) => ({ ...current, ...errorsOf(result.error.issues) }));
    return null;
  }

  return { values, manual, errors, setField, chooseServer, validateConnect, validateBridgeUrl };
}
