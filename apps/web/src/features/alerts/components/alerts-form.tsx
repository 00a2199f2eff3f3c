import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  ALERT_TYPES,
  AlertsConfigSchema,
  channelLabels,
  frequencyLabels,
  type AlertChannel,
  type AlertsConfig,
  type AlertsConfigInput,
} from '@vortex/core';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Controller, type Control, type FieldPathByValue } from 'react-hook-form';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Switch } from '../../../components/ui/switch';
import { SaveAlertsConfigError, useSaveAlertsConfig } from '../api/save-alerts-config';
import { alertsTexts as t } from '../messages';

type Address = 'email' | 'phone' | 'whatsapp';
const addressOf: Record<AlertChannel, Address> = {
  email: 'email',
  sms: 'phone',
  whatsapp: 'whatsapp',
};
const addressLabel: Record<Address, string> = {
  email: t.emailLabel,
  phone: t.phoneLabel,
  whatsapp: t.whatsappLabel,
};

type Notice = { kind: 'success' | 'error'; text: string; detail?: string | undefined };

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

type Values = z.input<typeof AlertsConfigSchema>;

function Toggle(props: {
  control: Control<Values, unknown, AlertsConfigInput>;
  name: FieldPathByValue<Values, boolean>;
  id: string;
  label: string;
  aria: string;
  disabled: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <Switch
            id={props.id}
            aria-label={props.aria}
            checked={field.value}
            disabled={props.disabled}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </div>
  );
}

/** The editable configuration: channels with their addresses, types, sound, frequencies. */
export function AlertsForm({
  initial,
  readOnly,
  account,
}: {
  initial: AlertsConfig;
  readOnly: boolean;
  /** The account's own addresses, shown where the config leaves a field blank. */
  account: { email: string; phone: string | null } | undefined;
}) {
  // Checked with the server's own schema: its messages are the ones under the address fields.
  const form = useZodForm(AlertsConfigSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const [notice, setNotice] = useState<Notice | null>(null);
  const save = useSaveAlertsConfig();

  const submit = form.submit((config) => {
    setNotice(null);
    // Every type keeps the name `initial` gave it: no control edits a name.
    save.mutate(config as AlertsConfig, {
      onSuccess: () => setNotice({ kind: 'success', text: t.saved }),
      onError: (err) =>
        setNotice(
          err instanceof SaveAlertsConfigError
            ? { kind: 'error', text: err.message, detail: err.detail }
            : { kind: 'error', text: t.saveError },
        ),
    });
  });

  return (
    <form aria-label={t.formLabel} onSubmit={submit} noValidate className="space-y-6">
      {readOnly && <Alert>{t.readOnly}</Alert>}
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t.channelsTitle} description={t.channelsHint}>
          {ALERT_CHANNELS.map((channel) => {
            const address = addressOf[channel];
            const id = `alerts-${address}`;
            const error = errors[address]?.message;
            return (
              <div key={channel} className="space-y-3 rounded-lg border border-border p-3">
                <Toggle
                  control={form.control}
                  name={`channels.${channel}`}
                  id={`alerts-channel-${channel}`}
                  label={channelLabels[channel]}
                  aria={t.channelToggle(channelLabels[channel])}
                  disabled={readOnly}
                />
                <Field id={id} label={addressLabel[address]} hint={t.addressHint} error={error}>
                  {(describedBy) => (
                    <Input
                      id={id}
                      type={address === 'email' ? 'email' : 'tel'}
                      placeholder={(address === 'email' ? account?.email : account?.phone) ?? ''}
                      disabled={readOnly}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy}
                      {...form.register(address)}
                    />
                  )}
                </Field>
              </div>
            );
          })}
        </Section>
        <div className="space-y-6">
          <Section title={t.typesTitle}>
            {ALERT_TYPES.map((type) => (
              <Toggle
                key={type}
                control={form.control}
                name={`alertTypes.${type}.enabled`}
                id={`alerts-type-${type}`}
                label={initial.alertTypes[type].name}
                aria={t.typeToggle(initial.alertTypes[type].name)}
                disabled={readOnly}
              />
            ))}
          </Section>
          <Section title={t.soundTitle}>
            <Toggle
              control={form.control}
              name="soundEnabled"
              id="alerts-sound"
              label={t.soundLabel}
              aria={t.soundLabel}
              disabled={readOnly}
            />
          </Section>
          <Section title={t.frequencyTitle}>
            {(['statisticsFrequency', 'promotionsFrequency'] as const).map((key) => (
              <Field
                key={key}
                id={`alerts-${key}`}
                label={
                  key === 'statisticsFrequency'
                    ? t.statisticsFrequencyLabel
                    : t.promotionsFrequencyLabel
                }
              >
                {() => (
                  <NativeSelect id={`alerts-${key}`} disabled={readOnly} {...form.register(key)}>
                    {ALERT_FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {frequencyLabels[f]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            ))}
          </Section>
        </div>
      </div>
      {notice && (
        <Alert variant={notice.kind}>
          {notice.kind === 'success' ? <CheckCircle2 aria-hidden /> : <XCircle aria-hidden />}
          <div>
            <p>{notice.text}</p>
            {notice.detail && <p className="text-xs opacity-80">{notice.detail}</p>}
          </div>
        </Alert>
      )}
      {!readOnly && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
      )}
    </form>
  );
}
