/** Every pt-BR text of the alerts feature: the screen (trading.md §2, §8) and the server's. */
export const alertsMessages = {
  title: 'Gerenciador de Alertas',
  channelsTitle: 'Canais de Notificação',
  typesTitle: 'Tipos de Alerta',
  soundTitle: 'Som',
  soundLabel: 'Tocar som nos alertas',
  frequencyTitle: 'Frequência de Relatórios',
  statisticsFrequencyLabel: 'Relatório de estatísticas',
  promotionsFrequencyLabel: 'Promoções',
  recentTitle: 'Alertas Recentes',
  recentEmpty: 'Nenhum alerta recente',
  save: 'Salvar Configurações',
  saving: 'Salvando...',
  saved: 'Configurações de alertas salvas com sucesso!',
  saveFailed: 'Falha ao salvar configurações',
  saveError: 'Erro ao salvar configurações',
  readOnly: 'Seu perfil pode ver os alertas, mas não alterar as configurações.',
  emailLabel: 'Endereço de email',
  phoneLabel: 'Telefone (SMS)',
  whatsappLabel: 'Número do WhatsApp',
  addressHint: 'Em branco usa o do seu cadastro.',
  // Validation (§5 names none for alerts: these are ours).
  emailInvalid: 'Email inválido',
  phoneInvalid: 'Telefone inválido: use DDD e número, ex.: (11) 98765-4321',
  frequencyInvalid: 'Frequência inválida: use diária, semanal ou mensal',
  configInvalid: 'Configuração de alertas inválida',
} as const;

export const channelLabels = {
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
} as const;

export const frequencyLabels = {
  daily: 'Diária',
  weekly: 'Semanal',
  monthly: 'Mensal',
} as const;

export const deliveryStatusLabels = {
  pending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falhou',
  skipped: 'Sem destino',
} as const;
