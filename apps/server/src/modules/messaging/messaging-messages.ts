/** What the queue records as a message's failure, in pt-BR (shown per recipient). */
export const messagingMessages = {
  emailFailed: 'Falha ao enviar o email.',
  smsFailed: 'Falha ao enviar o SMS.',
  /** What a disk error names (lib/disk-errors): 'Sem espaço em disco para gravar o SMS (…).' */
  smsOutbox: (dir: string) => `gravar o SMS (${dir})`,
  emailOutbox: 'gravar o email no servidor',
  smsRejected: (status: number) => `O provedor de SMS recusou a mensagem (HTTP ${status}).`,
  smsUnreachable: 'Provedor de SMS inacessível.',
  whatsappFailed: 'Falha ao enviar pelo WhatsApp.',
  whatsappUnavailable: 'Serviço de WhatsApp indisponível neste servidor.',
  whatsappDisconnected:
    'WhatsApp desconectado: conecte-o na aba WhatsApp da Central de Comunicação.',
  unknownFailure: 'Falha desconhecida no envio.',
} as const;
