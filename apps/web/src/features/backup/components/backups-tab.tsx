import { formatDateTimePtBR, type BackupItem } from '@vortex/core';
import { Download, FolderArchive } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { downloadBackup } from '../api/download-backup';
import { formatBytes } from '../../../lib/format-bytes';
import { backupTexts as t } from '../messages';
import { StatusBadge } from './summary-cards';

function DownloadButton({ filename }: { filename: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      aria-label={`${t.list.download} ${filename}`}
      onClick={() => {
        setBusy(true);
        downloadBackup(filename)
          .catch((err: unknown) =>
            toast.error(err instanceof Error ? err.message : t.downloadError),
          )
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      <Download aria-hidden />
      {busy ? t.list.downloading : t.list.download}
    </Button>
  );
}

export function BackupsTab({ items }: { items: BackupItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.list.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <FolderArchive aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-medium">{t.list.empty}</p>
            <p className="text-sm text-muted-foreground">{t.list.emptyText}</p>
          </div>
        ) : (
          <Table aria-label={t.list.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{t.list.file}</TableHead>
                <TableHead>{t.list.date}</TableHead>
                <TableHead className="max-md:hidden">{t.list.type}</TableHead>
                <TableHead className="max-md:hidden text-right">{t.list.size}</TableHead>
                <TableHead className="max-md:hidden">{t.list.status}</TableHead>
                <TableHead className="text-right">{t.list.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((b) => (
                <TableRow key={b.filename}>
                  <TableCell className="max-w-72">
                    <p className="truncate font-mono text-xs" title={b.filename}>
                      {b.filename}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {b.error ??
                        (b.status === 'success'
                          ? t.list.rows(b.tables, b.rows.toLocaleString('pt-BR'))
                          : '')}
                    </p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTimePtBR(b.date)}</TableCell>
                  <TableCell className="max-md:hidden">{t.type[b.type]}</TableCell>
                  <TableCell className="max-md:hidden text-right whitespace-nowrap tabular-nums">
                    {formatBytes(b.size)}
                  </TableCell>
                  <TableCell className="max-md:hidden">
                    <StatusBadge status={b.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    {b.status === 'success' && <DownloadButton filename={b.filename} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <p className="text-xs text-muted-foreground">
          {t.list.restoreHint}{' '}
          <code className="rounded bg-muted px-1 py-0.5">{t.list.restoreCommand}</code>
        </p>
      </CardContent>
    </Card>
  );
}
