import type { MessageType } from '@vortex/core';
import { commTexts as t } from '../messages';

interface SendSummaryProps {
  type: MessageType;
  /** Users picked; none means all of them. */
  selected: number;
  total: number | undefined;
  subject: string | null;
  chars: number;
}

/** §2: type, recipient count or all users, subject, character count. */
export function SendSummary({ type, selected, total, subject, chars }: SendSummaryProps) {
  const rows: [string, string][] = [
    [t.summaryType, t.types[type]],
    [t.summaryRecipients, selected > 0 ? t.selectedUsers(selected) : t.allUsers(total ?? 0)],
    ...(subject !== null ? [[t.summarySubject, subject.trim() || '—'] as [string, string]] : []),
    [t.summaryChars, String(chars)],
  ];
  return (
    <section aria-label={t.summary} className="rounded-xl border border-border bg-muted/50 p-4">
      <h3 className="mb-2 text-sm font-semibold">{t.summary}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="truncate font-medium" data-testid={`summary-${k}`}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
