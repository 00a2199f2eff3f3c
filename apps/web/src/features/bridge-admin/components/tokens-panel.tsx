import { formatDateTimePtBR } from '@vortex/core';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { useRevokeToken, useTokens, type TokenStatus } from '../api/tokens';
import { bridgeAdminTexts as t } from '../messages';
import { Panel, PanelError, RefreshButton } from './panel';
import { TokenStatusBadge } from './status-badges';
import { StatusFilter } from './status-filter';
import { ListPlaceholder, UserCell } from './table-rows';

const COLUMNS = 9;
const c = t.tokens.columns;
const date = (iso: string | null) => (iso ? formatDateTimePtBR(iso) : t.none);

/** §2 'Tokens Bridge': pairing tokens; only pending ones can be revoked (§4). */
export function TokensPanel() {
  const [status, setStatus] = useState<TokenStatus | undefined>();
  const query = useTokens(status);
  const revoke = useRevokeToken();
  const tokens = query.data ?? [];
  const refetch = () => void query.refetch();

  return (
    <Panel
      id="tokens"
      title={t.tokens.title}
      description={t.tokens.description}
      toolbar={
        <>
          <StatusFilter
            id="tokens-status"
            label={t.tokens.statusFilter}
            value={status}
            labels={t.tokens.status}
            onChange={setStatus}
          />
          <RefreshButton onClick={refetch} busy={query.isFetching} />
        </>
      }
    >
      {query.isError && <PanelError error={query.error} onRetry={refetch} />}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="max-md:hidden">{c.id}</TableHead>
            <TableHead>{c.user}</TableHead>
            <TableHead>{c.status}</TableHead>
            <TableHead className="max-md:hidden">{c.label}</TableHead>
            <TableHead className="max-md:hidden">{c.created}</TableHead>
            <TableHead className="max-md:hidden">{c.expires}</TableHead>
            <TableHead className="max-md:hidden">{c.used}</TableHead>
            <TableHead className="max-md:hidden">{c.account}</TableHead>
            <TableHead className="text-right">{c.action}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <ListPlaceholder
            colSpan={COLUMNS}
            pending={query.isPending}
            failed={query.isError}
            empty={tokens.length === 0}
            text={t.tokens.empty}
          />
          {tokens.map((token) => (
            <TableRow key={token.id} data-testid={`token-${token.id}`}>
              <TableCell className="max-md:hidden font-mono text-xs" title={token.id}>
                {token.id.slice(0, 8)}
              </TableCell>
              <TableCell>
                <UserCell username={token.username} id={token.user_id} />
              </TableCell>
              <TableCell>
                <TokenStatusBadge status={token.status} />
              </TableCell>
              <TableCell className="max-md:hidden max-w-40 truncate" title={token.label}>
                {token.label || t.none}
              </TableCell>
              <TableCell className="max-md:hidden tabular-nums">{date(token.created_at)}</TableCell>
              <TableCell className="max-md:hidden tabular-nums">{date(token.expires_at)}</TableCell>
              <TableCell className="max-md:hidden tabular-nums">{date(token.used_at)}</TableCell>
              <TableCell className="max-md:hidden tabular-nums">
                {token.account_number_paired ?? t.none}
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  {token.status === 'pending' && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      disabled={revoke.isPending}
                      onClick={() => {
                        revoke.mutate(token.id);
                      }}
                    >
                      <Ban />
                      <span className="max-sm:sr-only">{t.tokens.revoke}</span>
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}
