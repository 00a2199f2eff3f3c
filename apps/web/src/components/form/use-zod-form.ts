import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';

interface ZodFormOptions<In extends FieldValues, Out> extends Omit<
  UseFormProps<In, unknown, Out>,
  'resolver' | 'defaultValues'
> {
  defaultValues: DefaultValues<In>;
  /** Check again on every change once the form has been submitted, so fixed fields clear as the user types. */
  recheckAfterSubmit?: boolean;
}

interface SubmitEventLike {
  preventDefault: () => void;
}

/**
 * react-hook-form bound to a core zod contract. The contract is also the resolver, so RHF's own
 * trigger/handleSubmit agree with it; but submit and the re-check run the schema synchronously
 * because RHF's handleSubmit awaits its resolver, and the errors must show in the same event
 * that caused them (the screens' tests and a screen reader read them right after the click).
 */
export function useZodForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  { recheckAfterSubmit = false, ...options }: ZodFormOptions<In, Out>,
) {
  const form = useForm<In, unknown, Out>({ ...options, resolver: zodResolver(schema) });
  const submitted = useRef(false);

  type Name = FieldPath<In>;
  type Checked = { data: Out; invalid: [] } | { data: null; invalid: Name[] };

  /** Shows the first issue of each field, as the resolver would; the parsed values when valid. */
  function check(): Checked {
    const result = schema.safeParse(form.getValues());
    form.clearErrors();
    if (result.success) return { data: result.data, invalid: [] };
    const invalid: Name[] = [];
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') as Name;
      if (invalid.includes(name)) continue;
      invalid.push(name);
      form.setError(name, { type: issue.code, message: issue.message });
    }
    return { data: null, invalid };
  }

  /** For values set outside `register` (setValue, controlled fields): the same re-check. */
  function recheck() {
    if (submitted.current) check();
  }

  function register<N extends Name>(name: N, rules?: RegisterOptions<In, N>) {
    return form.register(name, {
      ...rules,
      onChange: (event: unknown) => {
        rules?.onChange?.(event);
        recheck();
      },
    });
  }

  /** A form's onSubmit: `onValid` gets the contract's parsed output, `onInvalid` the bad fields. */
  function submit(onValid: (data: Out) => void, onInvalid?: (invalid: Name[]) => void) {
    return (event?: SubmitEventLike) => {
      event?.preventDefault();
      submitted.current = recheckAfterSubmit;
      const checked = check();
      if (checked.data !== null) onValid(checked.data);
      else onInvalid?.(checked.invalid);
    };
  }

  return { ...form, register, submit, recheck };
}
