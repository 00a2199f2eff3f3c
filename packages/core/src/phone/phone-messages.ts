/** The channel a confirmation code travels by, as the user reads it. */
const CHANNEL_NAME = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/** pt-BR texts of phone confirmation: the screen's, the API's and the code's own message. */
export const phoneConfirmationMessages = {
  confirmed: 'Telefone confirmado',
  notConfirmed: 'Telefone não confirmado',
  confirm: 'Confirmar telefone',
  noPhone: 'Cadastre um telefone na sua conta antes de confirmá-lo.',
  invalidPhone: 'Telefone inválido para receber o código: informe DDD e número.',
  alreadyConfirmed: 'Este telefone já está confirmado.',
  sent: (channel: keyof typeof CHANNEL_NAME, ending: string) =>
    `Código enviado por ${CHANNEL_NAME[channel]} para o telefone terminado em ${ending}. Ele vale por 10 minutos.`,
  codeBody: (code: string) =>
    `Vórtex: seu código para confirmar este telefone é ${code}. Ele vale por 10 minutos. Se não foi você que pediu, ignore esta mensagem.`,
  tooManyCodes: (minutes: number) =>
    `Você já pediu 3 códigos na última hora. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  codeFormat: 'Informe o código de 6 dígitos.',
  wrongCode: (left: number) =>
    `Código incorreto. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`,
  noCode: 'Nenhum código pendente para este telefone. Peça um novo código.',
  expired: 'Código expirado. Peça um novo código.',
  triesExhausted: 'Tentativas esgotadas. Peça um novo código.',
  verified: 'Telefone confirmado. Os comandos por WhatsApp já funcionam com este número.',
  whatsappUnconfirmed:
    'Vórtex: este número ainda não foi confirmado. Abra o Vórtex, vá em Alertas e use "Confirmar telefone"; depois envie o comando de novo.',
} as const;
