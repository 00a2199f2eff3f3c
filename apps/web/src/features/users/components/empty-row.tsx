import { Inbox } from 'lucide-react';
import { TableCell, TableRow } from '../../../components/ui/table';

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-12 text-center text-sm text-muted-foreground">
        <Inbox aria-hidden className="mx-auto mb-2 size-6 opacity-60" />
        {text}
      </TableCell>
    </TableRow>
  );
}
