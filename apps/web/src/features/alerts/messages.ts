import { alertsMessages, phoneConfirmationMessages } from '@vortex/core';

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
  darfReminderName: 'Lembrete de DARF',
  deliveryTo: (to: string) => `para ${to}`,
  formLabel: 'Configuração de alertas',
  phone: {
    ...phoneConfirmationMessages,
    title: 'Telefone da conta',
    loading: 'Carregando telefone...',
    none: 'Nenhum telefone cadastrado na sua conta.',
    why: 'Confirme o telefone para usar os comandos por WhatsApp ("status" e "parar"): enviamos um código de 6 dígitos por WhatsApp ou SMS.',
    confirmedSince: (when: string) =>
      `Confirmado em ${when}. Os comandos por WhatsApp ("status" e "parar") funcionam com este número.`,
    sending: 'Enviando código...',
    codeLabel: 'Código de confirmação',
    codeHint: (until: string) =>
      `Digite o código de 6 dígitos que você recebeu. Ele vale até ${until}.`,
    verify: 'Confirmar código',
    verifying: 'Confirmando...',
    resend: 'Enviar novo código',
    loadError: 'Não foi possível carregar o estado do telefone.',
    failed: 'Não foi possível concluir. Tente novamente.',
  },
} as const;
