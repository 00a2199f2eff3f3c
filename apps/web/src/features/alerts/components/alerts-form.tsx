import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  ALERT_TYPES,
  AlertsConfigSchema,
  channelLabels,
  frequencyLabels,
  type AlertChannel,
  type AlertsConfig,
} from '@vortex/core';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState, type ReactNode, type SubmitEvent } from 'react';
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

function Toggle(props: {
  id: string;
  label: string;
  aria: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <Switch
        id={props.id}
        aria-label={props.aria}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

/** Problems of the address fields, by field, in the server's own words (same schema). */
function addressErrors(config: AlertsConfig): Partial<Record<Address, string>> {
  const parsed = AlertsConfigSchema.safeParse(config);
  if (parsed.success) return {};
  const errors: Partial<Record<Address, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'email' || key === 'phone' || key === 'whatsapp') errors[key] ??= issue.message;
  }
  return errors;
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
  const [config, setConfig] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Address, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const save = useSaveAlertsConfig();
  const edit = (change: (draft: AlertsConfig) => void) => {
    const draft = structuredClone(config);
    change(draft);
    setConfig(draft);
  };

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = addressErrors(config);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setNotice(null);
    save.mutate(config, {
      onSuccess: () => setNotice({ kind: 'success', text: t.saved }),
      onError: (err) =>
        setNotice(
          err instanceof SaveAlertsConfigError
            ? { kind: 'error', text: err.message, detail: err.detail }
            : { kind: 'error', text: t.saveError },
        ),
    });
  };

  return (
    <form aria-label={t.formLabel} onSubmit={submit} noValidate className="space-y-6">
      {readOnly && <Alert>{t.readOnly}</Alert>}
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t.channelsTitle} description={t.channelsHint}>
          {ALERT_CHANNELS.map((channel) => {
            const address = addressOf[channel];
            const id = `alerts-${address}`;
            return (
              <div key={channel} className="space-y-3 rounded-lg border border-border p-3">
                <Toggle
                  id={`alerts-channel-${channel}`}
                  label={channelLabels[channel]}
                  aria={t.channelToggle(channelLabels[channel])}
                  checked={config.channels[channel]}
                  disabled={readOnly}
                  onChange={(v) => edit((d) => void (d.channels[channel] = v))}
                />
                <Field
                  id={id}
                  label={addressLabel[address]}
                  hint={t.addressHint}
                  error={errors[address]}
                >
                  {(describedBy) => (
                    <Input
                      id={id}
                      type={address === 'email' ? 'email' : 'tel'}
                      value={config[address]}
                      placeholder={(address === 'email' ? account?.email : account?.phone) ?? ''}
                      disabled={readOnly}
                      aria-invalid={errors[address] ? true : undefined}
                      aria-describedby={describedBy}
                      onChange={(e) => edit((d) => void (d[address] = e.target.value))}
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
                id={`alerts-type-${type}`}
                label={config.alertTypes[type].name}
                aria={t.typeToggle(config.alertTypes[type].name)}
                checked={config.alertTypes[type].enabled}
                disabled={readOnly}
                onChange={(v) => edit((d) => void (d.alertTypes[type].enabled = v))}
              />
            ))}
          </Section>
          <Section title={t.soundTitle}>
            <Toggle
              id="alerts-sound"
              label={t.soundLabel}
              aria={t.soundLabel}
              checked={config.soundEnabled}
              disabled={readOnly}
              onChange={(v) => edit((d) => void (d.soundEnabled = v))}
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
                  <NativeSelect
                    id={`alerts-${key}`}
                    value={config[key]}
                    disabled={readOnly}
                    onChange={(e) =>
                      edit((d) => void (d[key] = e.target.value as AlertsConfig[typeof key]))
                    }
                  >
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
