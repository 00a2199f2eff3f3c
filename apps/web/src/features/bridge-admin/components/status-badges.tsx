import type { Claim } from '@vortex/core';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import type { TokenStatus } from '../api/tokens';
import { bridgeAdminTexts as t } from '../messages';

const claimVariant: Record<Claim['status'], BadgeVariant> = {
  active: 'success',
  mismatch: 'warning',
  revoked: 'destructive',
  pre_install: 'neutral',
};

export function ClaimStatusBadge({ status }: { status: Claim['status'] }) {
  return <Badge variant={claimVariant[status]}>{t.claims.status[status]}</Badge>;
}

type SessionStatus = keyof typeof t.sessions.status;
const sessionVariant: Record<SessionStatus, BadgeVariant> = {
  active: 'success',
  revoked: 'destructive',
  terminated: 'neutral',
  expired: 'warning',
};

export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return <Badge variant={sessionVariant[status]}>{t.sessions.status[status]}</Badge>;
}

const tokenVariant: Record<TokenStatus, BadgeVariant> = {
  pending: 'primary',
  paired: 'success',
  expired: 'neutral',
  revoked: 'destructive',
};

export function TokenStatusBadge({ status }: { status: TokenStatus }) {
  return <Badge variant={tokenVariant[status]}>{t.tokens.status[status]}</Badge>;
}

/** A dot and a word: the claim answers its heartbeats (§4). */
export function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      <span
        aria-hidden
        className={
          online ? 'size-2 rounded-full bg-success' : 'size-2 rounded-full bg-muted-foreground/40'
        }
      />
      {online ? t.claims.online : t.claims.offline}
    </span>
  );
}
