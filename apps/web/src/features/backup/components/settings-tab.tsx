import { Save } from 'lucide-react';
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
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import type { SettingsDraft } from '../hooks/use-settings-draft';
import { backupTexts as t } from '../messages';

type NumberKey =
  'keep_daily_backups' | 'keep_weekly_backups' | 'keep_monthly_backups' | 'compression_level';

function NumberField({
  s,
  name,
  label,
  min,
  max,
  hint,
}: {
  s: SettingsDraft;
  name: NumberKey;
  label: string;
  min: number;
  max: number;
  hint?: string;
}) {
  return (
    <Field id={`backup-${name}`} label={label} hint={hint} error={s.errors[name]}>
      {(describedBy) => (
        <Input
          id={`backup-${name}`}
          type="number"
          min={min}
          max={max}
          step={1}
          value={Number.isNaN(s.draft[name]) ? '' : s.draft[name]}
          aria-invalid={s.errors[name] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            s.set(name, e.target.value === '' ? Number.NaN : Number(e.target.value));
          }}
        />
      )}
    </Field>
  );
}

export function SwitchRow({
  id,
  label,
  checked,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-label={label} />
    </div>
  );
}

export function SaveButton({ s }: { s: SettingsDraft }) {
  return (
    <Button onClick={s.submit} disabled={!s.valid || s.saving}>
      <Save aria-hidden />
      {s.saving ? t.settings.saving : t.settings.save}
    </Button>
  );
}

function Section({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-4 border-b border-border pb-6 last:border-0 last:pb-0">
      <div className="space-y-1">
        <h3 className="font-semibold">{title}</h3>
        {text && <p className="text-sm text-muted-foreground">{text}</p>}
      </div>
      {children}
    </section>
  );
}

export function SettingsTab({ s }: { s: SettingsDraft }) {
  const d = s.draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.tabs.settings}</CardTitle>
        <CardDescription>{t.create.content}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Section title={t.settings.retention} text={t.settings.retentionText}>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              s={s}
              name="keep_daily_backups"
              label={t.settings.daily}
              min={1}
              max={30}
            />
            <NumberField
              s={s}
              name="keep_weekly_backups"
              label={t.settings.weekly}
              min={1}
              max={12}
            />
            <NumberField
              s={s}
              name="keep_monthly_backups"
              label={t.settings.monthly}
              min={1}
              max={24}
            />
          </div>
        </Section>
        <Section title={t.settings.compression}>
          <SwitchRow
            id="backup-compress"
            label={t.settings.compress}
            checked={d.compress_backups}
            onChange={(v) => {
              s.set('compress_backups', v);
            }}
          />
          {d.compress_backups && (
            <div className="max-w-xs">
              <NumberField
                s={s}
                name="compression_level"
                label={t.settings.level}
                min={1}
                max={9}
                hint={t.settings.levelHint}
              />
            </div>
          )}
        </Section>
        <Section title={t.settings.location}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="backup-location" label={t.settings.location}>
              {() => <Input id="backup-location" value={t.settings.locationValue} readOnly />}
            </Field>
            <Field id="backup-path" label={t.settings.path}>
              {() => (
                <Input
                  id="backup-path"
                  value={d.local_backup_path}
                  readOnly
                  className="font-mono text-xs"
                />
              )}
            </Field>
          </div>
        </Section>
        <Section title={t.settings.notifications}>
          <SwitchRow
            id="backup-notify-success"
            label={t.settings.onSuccess}
            checked={d.notify_on_success}
            onChange={(v) => {
              s.set('notify_on_success', v);
            }}
          />
          <SwitchRow
            id="backup-notify-failure"
            label={t.settings.onFailure}
            checked={d.notify_on_failure}
            onChange={(v) => {
              s.set('notify_on_failure', v);
            }}
          />
          <div className="max-w-md">
            <Field
              id="backup-email"
              label={t.settings.email}
              hint={t.settings.emailHint}
              error={s.errors.notification_email}
            >
              {(describedBy) => (
                <Input
                  id="backup-email"
                  type="email"
                  value={d.notification_email}
                  aria-invalid={s.errors.notification_email ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => {
                    s.set('notification_email', e.target.value.trim());
                  }}
                />
              )}
            </Field>
          </div>
        </Section>
        <SaveButton s={s} />
      </CardContent>
    </Card>
  );
}
