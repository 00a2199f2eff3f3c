import { FileCode2, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import {
  useGenerateStatement,
  type Statement,
  type StatementFormat,
} from '../api/generate-statement';
import { ReportsError } from '../api/reports-error';
import type { ReportPeriod } from '../api/reports-keys';
import { reportsTexts as t } from '../messages';
import { downloadStatement, openOrDownloadHtml } from '../utils/statement-file';

function deliver(format: StatementFormat, { document, bytes, fileName }: Statement): void {
  if (format === 'xml') {
    toast.success(t.statement.downloaded(downloadStatement(bytes, 'xml', fileName)));
    return;
  }
  // the tab shows the decoded text (scripts blocked); a download keeps the server's bytes
  const delivery = openOrDownloadHtml(document, fileName, bytes);
  if (delivery.kind === 'opened') toast.success(t.statement.opened);
  else toast.info(t.statement.popupBlocked(delivery.fileName));
}

function StatementButton({ format, period }: { format: StatementFormat; period: ReportPeriod }) {
  const generate = useGenerateStatement(format);
  const busy = generate.isPending;
  const Icon = format === 'html' ? FileText : FileCode2;
  const onClick = () => {
    generate.mutate(period, {
      onSuccess: (statement) => {
        deliver(format, statement);
      },
      onError: (error) => {
        const title = format === 'html' ? t.errors.html : t.errors.xml;
        const detail = error instanceof ReportsError ? error.detail : error.message;
        toast.error(title, detail ? { description: detail } : undefined);
      },
    });
  };
  return (
    <Button
      variant={format === 'html' ? 'default' : 'outline'}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className="min-w-52"
    >
      {busy ? <Spinner /> : <Icon aria-hidden />}
      {busy ? t.statement.busy : t.statement[format]}
    </Button>
  );
}

/** trading.md §2 and §7: the MT5 statements of the selected range, as HTML or XML. */
export function StatementCard({ period }: { period: ReportPeriod }) {
  return (
    <Card
      role="region"
      aria-labelledby="reports-statement-title"
      className="flex flex-wrap items-center justify-between gap-4 p-5"
    >
      <div className="min-w-64 flex-1 space-y-1">
        <h2 id="reports-statement-title" className="text-lg font-semibold tracking-tight">
          {t.statement.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.statement.description}</p>
        <p className="text-xs text-muted-foreground">{t.statement.counting}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatementButton format="html" period={period} />
        <StatementButton format="xml" period={period} />
      </div>
    </Card>
  );
}
