import {
  accountMessages,
  formatDatePtBR,
  formatDateTimePtBR,
  type AllAccountsEntry,
} from '@vortex/core';
import { ArrowRight, Unplug, Wifi } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { periodTexts } from '../../../components/period/period-texts';
import { accountLabel, accountSource } from '../../../lib/accounts';
import { allAccountsTexts as t } from '../messages';
import { FiguresList, GAIN_TEXT } from './figures-list';

const a = t.account;

/** Where the account's data came from: the agent (and when it was last seen), an import, or both. */
function sources(account: AllAccountsEntry): string[] {
  const lines: string[] = [];
  if (account.last_hello_at) {
    lines.push(`${a.live} · ${a.lastHello(formatDateTimePtBR(account.last_hello_at))}`);
  }
  const imported = accountSource(account);
  if (imported) lines.push(imported);
  return lines;
}

function dataPeriod(account: AllAccountsEntry): string {
  const { first_deal_at: first, last_deal_at: last } = account;
  if (first === null || last === null) return a.noDeals;
  return periodTexts.span(formatDatePtBR(first), formatDatePtBR(last));
}

/**
 * One account: its label, where its data came from, currency, margin mode, the period of its
 * data and its figures; its button makes it the current account and opens the dashboard.
 */
export function AccountCard({
  account,
  current,
  busy,
  onOpen,
}: {
  account: AllAccountsEntry;
  current: boolean;
  busy: boolean;
  onOpen: (id: number) => void;
}) {
  const label = accountLabel(account);
  const headingId = `account-${account.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      data-testid="account-card"
      className="flex min-w-0 flex-col gap-4 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <h3 id={headingId} className="font-semibold break-words">
            {label}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {current && <Badge variant="primary">{a.current}</Badge>}
            <Badge
              variant={account.last_hello_at ? 'success' : 'warning'}
              className={account.last_hello_at ? GAIN_TEXT : undefined}
            >
              {account.last_hello_at ? <Wifi aria-hidden /> : <Unplug aria-hidden />}
              {accountMessages.kindLabel[account.kind]}
            </Badge>
            <Badge>{account.currency}</Badge>
            <Badge>{a.marginMode[account.margin_mode] ?? account.margin_mode}</Badge>
          </div>
          {sources(account).map((line) => (
            <p key={line} className="text-xs break-words text-muted-foreground">
              {line}
            </p>
          ))}
          <p className="text-xs text-muted-foreground">{dataPeriod(account)}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={a.openName(label)}
          onClick={() => {
            onOpen(account.id);
          }}
        >
          {a.open}
          <ArrowRight aria-hidden />
        </Button>
      </div>
      <FiguresList figures={account.figures} currency={account.currency} />
    </Card>
  );
}
