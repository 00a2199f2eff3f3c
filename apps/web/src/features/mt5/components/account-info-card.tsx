import { CircleAlert, RotateCw, Wallet } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useAccountInfo, type Mt5Account } from '../api/get-account-info';
import { mt5Texts } from '../messages';
import { formatMarginLevel, formatMoney, formatUpdatedAt } from '../utils/account-format';

const t = mt5Texts.account;

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('text-right text-sm font-medium tabular-nums', className)}>{value}</dd>
    </div>
  );
}

function AccountValues({ account }: { account: Mt5Account }) {
  const money = (value: number | null) => formatMoney(value, account.currency);
  const profit = account.profit ?? 0;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-muted/60 p-3">
          <p className="text-xs text-muted-foreground">{t.balance}</p>
          <p className="text-lg font-semibold tabular-nums">{money(account.balance)}</p>
        </div>
        <div className="rounded-lg bg-muted/60 p-3">
          <p className="text-xs text-muted-foreground">{t.equity}</p>
          <p className="text-lg font-semibold tabular-nums">{money(account.equity)}</p>
        </div>
      </div>
      <dl className="divide-y divide-border">
        <Row label={t.margin} value={money(account.margin)} />
        <Row label={t.freeMargin} value={money(account.free_margin)} />
        <Row label={t.marginLevel} value={formatMarginLevel(account.margin_level)} />
        <Row
          label={t.profit}
          value={money(account.profit)}
          className={cn(profit > 0 && 'text-success', profit < 0 && 'text-destructive')}
        />
        <Row label={t.currency} value={account.currency} />
        <Row label={t.company} value={account.company} />
        <Row label={t.server} value={account.server} />
        <Row label={t.updatedAt} value={formatUpdatedAt(account.updated_at)} />
      </dl>
    </div>
  );
}

function EmptyAccount() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-10 text-center">
      <Wallet aria-hidden className="size-8 text-muted-foreground/60" />
      <p className="font-medium">{t.emptyTitle}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{t.emptyText}</p>
    </div>
  );
}

/** GET /mt5/account_info: the account's real values as MT5 last reported them. */
export function AccountInfoCard() {
  const query = useAccountInfo();
  const account = query.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">{t.title}</CardTitle>
          {account && (
            <Badge variant={account.trade_mode === 'real' ? 'primary' : 'neutral'}>
              {`${t.tradeMode[account.trade_mode] ?? account.trade_mode} · ${account.login}`}
            </Badge>
          )}
        </div>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending && (
          <div role="status" className="flex items-center justify-center gap-3 py-10">
            <Spinner className="text-primary" />
            <span className="text-sm text-muted-foreground">{t.loading}</span>
          </div>
        )}
        {query.isError && (
          <Alert variant="error" className="items-center">
            <CircleAlert aria-hidden />
            <span className="flex-1">{t.failed(query.error.message)}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              <RotateCw />
              {mt5Texts.retry}
            </Button>
          </Alert>
        )}
        {account === null && <EmptyAccount />}
        {account && <AccountValues account={account} />}
      </CardContent>
    </Card>
  );
}
