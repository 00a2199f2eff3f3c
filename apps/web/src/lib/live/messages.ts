import type { BridgeEvent } from '@vortex/core';

export const liveTexts = {
  title: 'Eventos ao vivo',
  open: 'Conectado',
  connecting: 'Conectando...',
  closed: 'Reconectando...',
  empty: 'Nenhum evento recebido ainda.',
  kept: (n: number) => `${n} eventos recebidos (os últimos 300 ficam guardados)`,
  user: 'usuário',
  account: 'conta',
} as const;

/** A short pt-BR description of each event type. */
export const eventLabels: Record<BridgeEvent['type'], string> = {
  bridge_paired: 'Nova sessão pareada',
  bridge_revoked: 'Sessão revogada',
  bridge_revoked_all: 'Limpeza de sessões',
  bridge_terminated: 'Sessão encerrada',
  bridge_refreshed: 'Sessão renovada',
  bridge_token_revoked: 'Token pendente revogado',
  bridge_claim_active: 'Claim ativo',
  bridge_claim_mismatch: 'Claim com conta divergente',
  bridge_claim_revoked: 'Claim revogado',
  bridge_claim_reset: 'Claim resetado',
  bridge_status: 'Status da bridge',
  account_snapshot: 'Conta atualizada',
  positions_snapshot: 'Posições atualizadas',
  deals_added: 'Novos deals',
  bars_added: 'Novas barras',
  bot_risk_stop: 'Bot parado por limite de risco',
  bot_status: 'Estado do bot',
};
