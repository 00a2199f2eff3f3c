/** pt-BR delivery notes the recent alerts list shows next to a channel. */
export const alertDeliveryMessages = {
  noAddress: 'Sem endereço cadastrado para este canal',
  queueUnavailable: 'Envio de mensagens indisponível no servidor',
  queueFailed: 'Não foi possível colocar a mensagem na fila de envio',
} as const;
