import { TEMPLATE_KEYS } from '@vortex/core';
import { FileText, Mail, MessageCircle, MessageSquareText, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useTemplates } from '../api/get-templates';
import { commTexts as t } from '../messages';

const CHANNELS = [
  { key: 'email', label: t.types.email, Icon: Mail },
  { key: 'sms', label: t.types.sms, Icon: MessageSquareText },
  { key: 'whatsapp', label: t.types.whatsapp, Icon: MessageCircle },
] as const;

/**
 * §2 tab 3: read-only cards. The spec's screen reads an empty state; ours shows the templates
 * the server answers, each with its subject and its three texts.
 */
export function TemplatesTab() {
  const query = useTemplates();
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> {t.templatesLoading}
      </p>
    );
  if (query.isError)
    return (
      <div className="flex items-center gap-3 text-sm text-destructive">
        <span>{query.error.message}</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          <RotateCw /> {t.retry}
        </Button>
      </div>
    );
  // The contract answers every key: the four cards always show.
  const entries = TEMPLATE_KEYS.map((k) => [k, query.data[k]] as const);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{t.templatesIntro}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        {entries.map(([key, tpl]) => (
          <Card
            key={key}
            role="article"
            aria-label={t.templateNames[key]}
            className="space-y-3 p-5"
          >
            <header className="flex items-start gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <FileText aria-hidden className="size-4" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold">{t.templateNames[key]}</h3>
                <p className="text-sm text-muted-foreground">
                  {t.subject}: <span className="text-foreground">{tpl.subject}</span>
                </p>
              </div>
            </header>
            {CHANNELS.map(({ key: channel, label, Icon }) => (
              <section
                key={channel}
                aria-label={label}
                className="rounded-lg border border-border bg-muted/40 p-3"
              >
                <h4 className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  <Icon aria-hidden className="size-3.5" /> {label}
                </h4>
                <p className="text-sm whitespace-pre-line">{tpl[channel]}</p>
              </section>
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}
