import { formatDateTimePtBR, formatDecimal, formatPrice, formatTimePtBR } from '@vortex/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, EyeOff, RotateCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { NetworkError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { dashboardKeys } from '../api/dashboard-keys';
import { fetchPositions, type PositionsSnapshot } from '../api/get-positions';
import { dashboardTexts } from '../messages';
import { useNow } from '../hooks/use-now';
import { openTable, type ClosedAt, type OpenRow } from '../utils/open-rows';
import { useMoney } from '../../../lib/money';

const t = dashboardTexts.table;
const e = dashboardTexts.errors;

const volume = (v: number) => formatDecimal(v, Number.isInteger(v) ? 0 : 2);
const level = (price: number) => (price > 0 ? formatPrice(price) : t.none);

/** On a phone the table keeps the asset, the side and the PnL; the rest is hidden below md. */
const PHONE_KEEP = new Set(['symbol', 'type', 'pnl']);
const phoneHidden = (key: string) => (PHONE_KEEP.has(key) ? undefined : 'max-md:hidden');

function Row({ row }: { row: OpenRow }) {
  const money = useMoney();
  const isPosition = row.kind === 'position';
  return (
    <TableRow data-kind={row.kind} className="hover:bg-muted/40">
      <TableCell className="max-md:hidden whitespace-nowrap tabular-nums">
        {formatDateTimePtBR(row.time)}
      </TableCell>
      <TableCell className="font-medium">{row.symbol}</TableCell>
      <TableCell className="max-md:hidden font-mono text-xs">{row.id}</TableCell>
      <TableCell className="max-md:hidden tabular-nums">{volume(row.volume)}</TableCell>
      <TableCell className="whitespace-nowrap">
        <span className="inline-flex items-center gap-2">
          <Badge
            variant={isPosition ? 'primary' : 'warning'}
            title={isPosition ? t.positionTitle : t.orderTitle}
            className="font-mono"
          >
            {isPosition ? t.position : t.order}
          </Badge>
          {dashboardTexts.orderTypes[row.type] ?? String(row.type)}
        </span>
      </TableCell>
      <TableCell className="max-md:hidden tabular-nums">{formatPrice(row.price)}</TableCell>
      <TableCell className="max-md:hidden tabular-nums">{level(row.sl)}</TableCell>
      <TableCell className="max-md:hidden tabular-nums">{level(row.tp)}</TableCell>
      <TableCell className="max-md:hidden tabular-nums">
        {row.current === null ? t.none : formatPrice(row.current)}
      </TableCell>
      <TableCell
        className={cn(
          'font-medium whitespace-nowrap tabular-nums',
          row.profit !== null && row.profit > 0 && 'text-success',
          row.profit !== null && row.profit < 0 && 'text-destructive',
        )}
      >
        {row.profit === null ? t.none : money.format(row.profit)}
      </TableCell>
      <TableCell className="max-md:hidden tabular-nums">{row.magic}</TableCell>
    </TableRow>
  );
}

function PositionsError({ error }: { error: Error }) {
  // One call brings both lists: a network failure loses the positions and the orders.
  if (error instanceof NetworkError) {
    return (
      <Alert variant="error">
        <CircleAlert aria-hidden />
        <div>
          <p>{e.positionsNetwork}</p>
          <p>{e.ordersNetwork}</p>
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="error">
      <CircleAlert aria-hidden />
      <div>
        <p className="font-medium">{e.positions}</p>
        <p className="text-muted-foreground">{error.message}</p>
      </div>
    </Alert>
  );
}

/** Open positions and pending orders (trading.md §2), at most 10 rows. */
export function OpenOrdersTable({
  positions,
  closedAt,
}: {
  positions: UseQueryResult<PositionsSnapshot>;
  closedAt: ClosedAt;
}) {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const now = useNow(60_000);
  const snapshot = positions.data;
  const table = openTable(snapshot?.positions ?? [], snapshot?.orders ?? [], closedAt, now);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.query({
        queryKey: dashboardKeys.positions,
        queryFn: ({ signal }) => fetchPositions(signal, true),
        staleTime: 0,
      });
    } catch {
      // The query keeps the error; the table shows it.
    } finally {
      setRefreshing(false);
    }
  };
  const busy = refreshing || positions.isFetching;
  return (
    <Card role="region" aria-label={t.title} className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-4">
        <div>
          <h2 className="font-semibold">{t.title}</h2>
          <p className="text-xs text-muted-foreground">
            {snapshot?.updated_at
              ? t.updatedAt(formatTimePtBR(snapshot.updated_at))
              : t.neverUpdated}
            {table.total > table.rows.length && ` · ${t.shown(table.rows.length, table.total)}`}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          <RotateCw className={busy ? 'animate-spin' : undefined} />
          {t.refresh}
        </Button>
      </div>
      <div className="space-y-3 px-5 pt-4 empty:hidden">
        {positions.isError && <PositionsError error={positions.error} />}
        {table.stale.length > 0 && (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{t.stale(table.stale.map((id) => `#${id}`).join(', '))}</span>
          </div>
        )}
        {table.hidden > 0 && (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <EyeOff aria-hidden className="size-3.5" />
            {t.hidden(table.hidden)}
          </p>
        )}
      </div>
      {table.rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <div className="p-2 pt-3">
          <Table>
            <TableHeader>
              <TableRow>
                {Object.entries(t.columns).map(([key, label]) => (
                  <TableHead key={label} className={phoneHidden(key)}>
                    {label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row) => (
                <Row key={`${row.kind}-${row.id}`} row={row} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
