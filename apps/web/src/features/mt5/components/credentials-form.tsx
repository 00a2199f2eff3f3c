import { FlaskConical, Plug, Unplug } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import type { useConnectMt5 } from '../api/connect-mt5';
import type { useDisconnectMt5 } from '../api/disconnect-mt5';
import type { useTestBridge } from '../api/test-bridge';
import { useConnectForm, type ConnectField, type KnownAccount } from '../hooks/use-connect-form';
import { mt5Texts } from '../messages';
import { ServerField } from './server-field';

const t = mt5Texts.form;

const fieldIds: Record<ConnectField, string> = {
  login: 'mt5-login',
  password: 'mt5-password',
  server: 'mt5-server-manual',
  bridge_url: 'mt5-bridge-url',
};

interface CredentialsFormProps {
  known: KnownAccount | undefined;
  test: ReturnType<typeof useTestBridge>;
  connect: ReturnType<typeof useConnectMt5>;
  disconnect: ReturnType<typeof useDisconnectMt5>;
  /** Whether MT5 is logged in to an account; undefined until the status is known. */
  mt5Connected: boolean | undefined;
}

/** Login, server, password and bridge URL, with test-bridge, connect and disconnect. */
export function CredentialsForm({
  known,
  test,
  connect,
  disconnect,
  mt5Connected,
}: CredentialsFormProps) {
  const form = useConnectForm(known);
  const busy = connect.isPending || disconnect.isPending;
  // With no account logged in there is nothing to disconnect: say so instead of a dead click.
  const nothingConnected = mt5Connected === false;
  const { register } = form;
  const errors = {
    login: form.errors.login?.message,
    password: form.errors.password?.message,
    server: form.errors.server?.message,
    bridge_url: form.errors.bridge_url?.message,
  };

  const handleSubmit = form.submitConnect(
    (data) => {
      connect.mutate(data);
    },
    (firstInvalid) => document.getElementById(fieldIds[firstInvalid])?.focus(),
  );

  function handleTest() {
    const payload = form.validateBridgeUrl();
    if (payload) test.mutate(payload);
  }

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <form
        noValidate
        aria-label={t.title}
        onSubmit={handleSubmit}
        className="flex flex-1 flex-col"
      >
        <CardContent className="grid flex-1 gap-5 sm:grid-cols-2">
          <Field id={fieldIds.login} label={t.login} error={errors.login}>
            {(describedBy) => (
              <Input
                id={fieldIds.login}
                inputMode="numeric"
                autoComplete="username"
                placeholder={t.loginPlaceholder}
                maxLength={16}
                disabled={busy}
                aria-invalid={errors.login ? true : undefined}
                aria-describedby={describedBy}
                {...register('login')}
              />
            )}
          </Field>
          <Field id={fieldIds.password} label={t.password} error={errors.password}>
            {(describedBy) => (
              <PasswordInput
                id={fieldIds.password}
                autoComplete="current-password"
                maxLength={128}
                disabled={busy}
                showLabel={t.showPassword}
                hideLabel={t.hidePassword}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy}
                {...register('password')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <ServerField
              value={form.server}
              manual={form.manual}
              error={errors.server}
              disabled={busy}
              onChoose={form.chooseServer}
              onType={form.setServer}
            />
          </div>
          <Field
            id={fieldIds.bridge_url}
            label={t.bridgeUrl}
            hint={t.bridgeUrlHint}
            error={errors.bridge_url}
            className="sm:col-span-2"
          >
            {(describedBy) => (
              <Input
                id={fieldIds.bridge_url}
                type="url"
                spellCheck={false}
                disabled={busy}
                aria-invalid={errors.bridge_url ? true : undefined}
                aria-describedby={describedBy}
                {...register('bridge_url')}
              />
            )}
          </Field>
        </CardContent>
        <CardFooter className="flex-wrap gap-2 border-t border-border pt-5">
          <Button type="button" variant="outline" disabled={test.isPending} onClick={handleTest}>
            {test.isPending ? <Spinner /> : <FlaskConical />}
            {test.isPending ? t.testing : t.testBridge}
          </Button>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={busy || mt5Connected !== true}
              aria-describedby={nothingConnected ? 'mt5-nothing-to-disconnect' : undefined}
              title={nothingConnected ? t.nothingToDisconnect : undefined}
              onClick={() => {
                disconnect.mutate();
              }}
            >
              {disconnect.isPending ? <Spinner /> : <Unplug />}
              {disconnect.isPending ? t.disconnecting : t.disconnect}
            </Button>
            <Button type="submit" disabled={busy}>
              {connect.isPending ? <Spinner /> : <Plug />}
              {connect.isPending ? t.connecting : t.connect}
            </Button>
          </div>
          {nothingConnected && (
            <p id="mt5-nothing-to-disconnect" className="w-full text-xs text-muted-foreground">
              {t.nothingToDisconnect}
            </p>
          )}
        </CardFooter>
      </form>
    </Card>
  );
}
