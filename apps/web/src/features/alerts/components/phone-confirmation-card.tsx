import {
  formatDateTimePtBR,
  formatTimePtBR,
  PhoneConfirmationVerifyRequestSchema,
  type PhoneConfirmationState,
} from '@vortex/core';
import { CheckCircle2, ShieldAlert, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/api-client';
import {
  usePhoneConfirmation,
  useSendPhoneCode,
  useVerifyPhoneCode,
} from '../api/phone-confirmation';
import { alertsTexts } from '../messages';

const t = alertsTexts.phone;

type Notice = { kind: 'success' | 'error'; text: string };

const noticeOf = (err: unknown): Notice => ({
  kind: 'error',
  text: err instanceof HttpError ? err.message : t.failed,
});

function StateBadge({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <Badge variant="success">
      <CheckCircle2 aria-hidden className="size-3.5" />
      {t.confirmed}
    </Badge>
  ) : (
    <Badge variant="warning">
      <ShieldAlert aria-hidden className="size-3.5" />
      {t.notConfirmed}
    </Badge>
  );
}

/** The code the user received: typed here, checked by the server (5 tries, 10 minutes). */
function CodeForm({
  expiresAt,
  onNotice,
}: {
  expiresAt: string;
  onNotice: (n: Notice | null) => void;
}) {
  const form = useZodForm(PhoneConfirmationVerifyRequestSchema, { defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  const verify = useVerifyPhoneCode();
  const send = useSendPhoneCode();
  // 'HH:mm' in São Paulo: the minute is all the reader needs.
  const until = formatTimePtBR(expiresAt).slice(0, 5);
  const submit = form.submit(({ code }) => {
    onNotice(null);
    verify.mutate(code, {
      onSuccess: (answer) => onNotice({ kind: 'success', text: answer.message }),
      onError: (err) => onNotice(noticeOf(err)),
    });
  });
  const resend = () => {
    onNotice(null);
    form.setValue('code', '');
    send.mutate(undefined, {
      onSuccess: (answer) => onNotice({ kind: 'success', text: answer.message }),
      onError: (err) => onNotice(noticeOf(err)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field id="phone-code" label={t.codeLabel} hint={t.codeHint(until)} error={error}>
        {(describedBy) => (
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <Input
                id="phone-code"
                {...field}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="max-w-40 font-mono text-lg tracking-[0.3em]"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                // Digits only, as they are typed or pasted.
                onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
              />
            )}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t.verifying : t.verify}
        </Button>
        <Button type="button" variant="ghost" disabled={send.isPending} onClick={resend}>
          {send.isPending ? t.sending : t.resend}
        </Button>
      </div>
    </form>
  );
}

function Body({ state }: { state: PhoneConfirmationState }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const send = useSendPhoneCode();
  if (!state.phone) return <p className="text-sm text-muted-foreground">{t.none}</p>;
  const ask = () => {
    setNotice(null);
    send.mutate(undefined, {
      onSuccess: (answer) => setNotice({ kind: 'success', text: answer.message }),
      onError: (err) => setNotice(noticeOf(err)),
    });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-base font-semibold tabular-nums" data-testid="account-phone">
          {state.phone}
        </span>
        <StateBadge confirmed={state.confirmed} />
      </div>
      <p className="text-sm text-muted-foreground">
        {state.confirmed && state.confirmed_at
          ? t.confirmedSince(formatDateTimePtBR(state.confirmed_at))
          : t.why}
      </p>
      {!state.confirmed &&
        (state.code_expires_at ? (
          <CodeForm expiresAt={state.code_expires_at} onNotice={setNotice} />
        ) : (
          <Button onClick={ask} disabled={send.isPending}>
            {send.isPending ? t.sending : t.confirm}
          </Button>
        ))}
      {notice && (
        <Alert variant={notice.kind}>
          {notice.kind === 'success' ? <CheckCircle2 aria-hidden /> : <XCircle aria-hidden />}
          <p>{notice.text}</p>
        </Alert>
      )}
    </div>
  );
}

/**
 * The account's phone on the alerts screen (where SMS and WhatsApp alerts go): whether its
 * owner confirmed it, and the flow that does (send a code, type it). WhatsApp commands are
 * taken only from a confirmed phone.
 */
export function PhoneConfirmationCard() {
  const query = usePhoneConfirmation();
  return (
    <Card role="group" aria-label={t.title}>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t.loading}
          </p>
        ) : query.isError ? (
          <Alert variant="error">{t.loadError}</Alert>
        ) : (
          <Body state={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
