import { MESSAGE_TYPES, TEMPLATE_KEYS, type MessageType, type TemplateKey } from '@vortex/core';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { useRecipients } from '../api/get-recipients';
import { useTemplates } from '../api/get-templates';
import { useSendManual } from '../api/send-manual';
import { commTexts as t } from '../messages';
import { recipientsOf } from '../utils/recipients';
import { RecipientPanel } from './recipient-panel';
import type { CommResult } from './result-panel';
import { SendSummary } from './send-summary';

/** §2 tab 1: type, quick template, subject (email only), message, summary, recipients. */
export function ManualMessageTab({ onResult }: { onResult: (r: CommResult) => void }) {
  const id = useId();
  const form = useForm({
    defaultValues: {
      type: 'email' as MessageType,
      template: '' as TemplateKey | '',
      subject: '',
      message: '',
      selected: [] as number[],
    },
  });
  const [type, template, subject, message, selected] = useWatch({
    control: form.control,
    name: ['type', 'template', 'subject', 'message', 'selected'],
  });
  const users = useRecipients();
  const templates = useTemplates();
  const send = useSendManual();

  /** A template fills the subject and the message for the chosen type. */
  const applyTemplate = (key: TemplateKey | '', forType: MessageType) => {
    form.setValue('template', key);
    const tpl = key && templates.data?.[key];
    if (!tpl) return;
    form.setValue('subject', tpl.subject);
    form.setValue('message', tpl[forType]);
  };

  const noUsers = users.data !== undefined && users.data.length === 0;
  const missingMessage = message.trim() === '';
  const missingSubject = type === 'email' && subject.trim() === '';
  const disabled = send.isPending || missingMessage || missingSubject || noUsers;

  const submit = () => {
    send.mutate(
      {
        type,
        recipients: recipientsOf(selected),
        subject: type === 'email' ? subject.trim() : null,
        message: message.trim(),
      },
      {
        onSuccess: (r) =>
          onResult({ kind: 'success', ok: r.success, message: r.message, details: r.details }),
        onError: (e) => onResult({ kind: 'error', message: e.message }),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-type`} label={t.messageType}>
            {() => (
              <NativeSelect
                id={`${id}-type`}
                {...form.register('type', {
                  onChange: (e: { target: { value: MessageType } }) => {
                    if (template) applyTemplate(template, e.target.value);
                  },
                })}
              >
                {MESSAGE_TYPES.map((m) => (
                  <option key={m} value={m}>
                    {t.types[m]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id={`${id}-template`} label={t.quickTemplate}>
            {() => (
              <NativeSelect
                id={`${id}-template`}
                value={template}
                disabled={!templates.data}
                onChange={(e) => applyTemplate(e.target.value as TemplateKey | '', type)}
              >
                <option value="">{t.noTemplate}</option>
                {TEMPLATE_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {t.templateNames[k]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        {type === 'email' && (
          <Field id={`${id}-subject`} label={t.subject}>
            {(describedBy) => (
              <Input
                id={`${id}-subject`}
                maxLength={200}
                placeholder={t.subjectPlaceholder}
                aria-describedby={describedBy}
                {...form.register('subject')}
              />
            )}
          </Field>
        )}
        <Field id={`${id}-message`} label={t.message}>
          {() => (
            <textarea
              id={`${id}-message`}
              rows={6}
              placeholder={t.messagePlaceholder}
              {...form.register('message')}
              className="w-full rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
            />
          )}
        </Field>
        <SendSummary
          type={type}
          selected={selected.length}
          total={users.data?.length}
          subject={type === 'email' ? subject : null}
          chars={message.length}
        />
        <ul className="space-y-1 text-sm font-medium text-amber-700 dark:text-amber-300">
          {missingMessage && <li>{t.warnMessage}</li>}
          {missingSubject && <li>{t.warnSubject}</li>}
          {noUsers && <li className="text-destructive">{t.warnNoUsers}</li>}
        </ul>
        <Button onClick={submit} disabled={disabled} className="w-full sm:w-auto">
          {send.isPending ? <Spinner className="size-4" /> : <Send />}
          {send.isPending ? t.sending : t.send}
        </Button>
      </div>
      <RecipientPanel
        users={users.data}
        loadError={users.isError ? users.error.message : null}
        selected={selected}
        onChange={(ids) => {
          form.setValue('selected', ids);
        }}
      />
    </div>
  );
}
