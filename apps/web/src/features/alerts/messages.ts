import { alertsMessages } from '@vortex/core';

/** Every text of 'Gerenciador de Alertas': the spec's (in core) and the screen's own. */
export const alertsTexts = {
  ...alertsMessages,
  subtitle:
    'Escolha por onde e sobre o que o Vórtex avisa você: trades, falhas do MT5 e da bridge, estatísticas.',
  loading: 'Carregando configuração de alertas...',
  channelsHint: 'Cada alerta ativo vai para todos os canais ligados.',
  channelToggle: (channel: string) => `Enviar alertas por ${channel}`,
  typeToggle: (name: string) => `Alertar: ${name}`,
  recentLoading: 'Carregando alertas...',
  recentError: 'Não foi possível carregar os alertas recentes.',
  retry: 'Tentar novamente',
  riskStopName: 'Parada por risco',
  deliveryTo: (to: string) => `para ${to}`,
  formLabel: 'Configuração de alertas',
} as const;
