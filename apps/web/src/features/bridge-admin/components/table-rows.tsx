import { Inbox } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { TableCell, TableRow } from '../../../components/ui/table';
import { bridgeAdminTexts as t } from '../messages';

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-10 text-center text-sm text-muted-foreground">
        <Inbox aria-hidden className="mx-auto mb-2 size-6 opacity-60" />
        {text}
      </TableCell>
    </TableRow>
  );
}

export function LoadingRow({ colSpan }: { colSpan: number }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-10">
        <div role="status" className="flex items-center justify-center gap-3">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.loading}</span>
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The placeholder row of a list: loading, nothing yet after an error, or empty. */
export function ListPlaceholder({
  colSpan,
  pending,
  failed,
  empty,
  text,
}: {
  colSpan: number;
  pending: boolean;
  failed: boolean;
  empty: boolean;
  text: string;
}) {
  if (pending && !failed) return <LoadingRow colSpan={colSpan} />;
  if (failed || !empty) return null;
  return <EmptyRow colSpan={colSpan} text={text} />;
}

/** A user as 'username' over '#id'. */
export function UserCell({ username, id }: { username: string; id: number }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">{username}</p>
      <p className="text-xs text-muted-foreground tabular-nums">#{id}</p>
    </div>
  );
}
