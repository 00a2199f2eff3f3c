import { Settings2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useAdvancedSettings } from '../hooks/use-advanced-settings';
import { mt5Texts } from '../messages';

const t = mt5Texts.advanced;

function Toggle({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-border px-3 py-2.5 text-sm font-medium"
    >
      {label}
      <input id={id} type="checkbox" className="size-4 accent-primary" {...input} />
    </label>
  );
}

/** trading.md §2: timeout, retries, logging and auto-reconnect, kept in this browser. */
export function AdvancedSettingsDialog() {
  const [open, setOpen] = useState(false);
  const settings = useAdvancedSettings();
  const { register, formState } = settings.form;
  const { errors } = formState;

  function handleOpenChange(next: boolean) {
    if (next) settings.reset();
    setOpen(next);
  }

  const handleSubmit = settings.save(() => {
    toast.success(t.saved);
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Settings2 />
          {t.open}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t.close}>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="mt5-timeout"
              label={t.timeout}
              hint={t.timeoutHint}
              error={errors.timeout?.message}
            >
              {(describedBy) => (
                <Input
                  id="mt5-timeout"
                  type="number"
                  inputMode="numeric"
                  min={5000}
                  max={60000}
                  step={1000}
                  aria-invalid={errors.timeout ? true : undefined}
                  aria-describedby={describedBy}
                  {...register('timeout')}
                />
              )}
            </Field>
            <Field
              id="mt5-retries"
              label={t.maxRetries}
              hint={t.maxRetriesHint}
              error={errors.maxRetries?.message}
            >
              {(describedBy) => (
                <Input
                  id="mt5-retries"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={10}
                  aria-invalid={errors.maxRetries ? true : undefined}
                  aria-describedby={describedBy}
                  {...register('maxRetries')}
                />
              )}
            </Field>
          </div>
          <Toggle id="mt5-logging" label={t.enableLogging} {...register('enableLogging')} />
          <Toggle id="mt5-reconnect" label={t.autoReconnect} {...register('autoReconnect')} />
          <DialogFooter className="sm:justify-between">
            <Button type="button" variant="ghost" onClick={settings.restoreDefaults}>
              {t.restore}
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t.cancel}
                </Button>
              </DialogClose>
              <Button type="submit">{t.save}</Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
