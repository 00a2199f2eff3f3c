import { formatDateTimePtBR } from '@vortex/core';
import { RotateCcw, ShieldOff } from 'lucide-react';
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
import { useClaimAction, useClaims, type ClaimStatus } from '../api/claims';
import { useNow } from '../hooks/use-now';
import { bridgeAdminTexts as t } from '../messages';
import { canResetClaim, canRevokeClaim, isClaimOnline } from '../utils/claims';
import { formatElapsed, msSince } from '../utils/time';
import { Panel, PanelError, RefreshButton } from './panel';
import { ClaimStatusBadge, OnlineDot } from './status-badges';
import { StatusFilter } from './status-filter';
import { ListPlaceholder, UserCell } from './table-rows';

const COLUMNS = 7;
const c = t.claims.columns;

/** §2 Claims: every agent installation's claim, with revoke and reset. */
export function ClaimsPanel() {
  const [status, setStatus] = useState<ClaimStatus | undefined>();
  const query = useClaims(status);
  const revoke = useClaimAction('revoke');
  const reset = useClaimAction('reset');
  const now = useNow();
  const claims = query.data ?? [];
  const refetch = () => void query.refetch();

  return (
    <Panel
      id="claims"
      title={t.claims.title}
      description={t.claims.description}
      toolbar={
        <>
          <StatusFilter
            id="claims-status"
            label={t.claims.statusFilter}
            value={status}
            labels={t.claims.status}
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
            <TableHead>{c.user}</TableHead>
            <TableHead className="max-md:hidden">{c.tokenPrefix}</TableHead>
            <TableHead>{c.status}</TableHead>
            <TableHead className="max-md:hidden">{c.age}</TableHead>
            <TableHead className="max-md:hidden">{c.account}</TableHead>
            <TableHead className="max-md:hidden">{c.heartbeat}</TableHead>
            <TableHead className="text-right">{c.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <ListPlaceholder
            colSpan={COLUMNS}
            pending={query.isPending}
            failed={query.isError}
            empty={claims.length === 0}
            text={t.claims.empty}
          />
          {claims.map((claim) => (
            <TableRow key={claim.id} data-testid={`claim-${claim.id}`}>
              <TableCell>
                <UserCell username={claim.username} id={claim.user_id} />
              </TableCell>
              <TableCell className="max-md:hidden font-mono text-xs">
                {claim.token_prefix}
              </TableCell>
              <TableCell>
                <div className="flex flex-col items-start gap-1">
                  <ClaimStatusBadge status={claim.status} />
                  <OnlineDot online={isClaimOnline(claim, now)} />
                </div>
              </TableCell>
              <TableCell
                className="max-md:hidden tabular-nums whitespace-nowrap"
                title={formatDateTimePtBR(claim.created_at)}
              >
                {formatElapsed(msSince(claim.created_at, now))}
              </TableCell>
              <TableCell className="max-md:hidden tabular-nums">
                {claim.primary_account_number ?? t.none}
              </TableCell>
              <TableCell className="max-md:hidden tabular-nums whitespace-nowrap">
                {claim.last_hb_mt5_at ? (
                  <span title={formatDateTimePtBR(claim.last_hb_mt5_at, undefined, true)}>
                    {t.ago(formatElapsed(msSince(claim.last_hb_mt5_at, now)))}
                  </span>
                ) : (
                  t.never
                )}
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  {canResetClaim(claim) && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={reset.isPending}
                      onClick={() => {
                        reset.mutate(claim.id);
                      }}
                    >
                      <RotateCcw />
                      <span className="max-sm:sr-only">{t.claims.reset}</span>
                    </Button>
                  )}
                  {canRevokeClaim(claim) && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      disabled={revoke.isPending}
                      onClick={() => {
                        revoke.mutate(claim.id);
                      }}
                    >
                      <ShieldOff />
                      <span className="max-sm:sr-only">{t.claims.revoke}</span>
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
