/** Every text of the communication centre's calls (access-and-admin.md §2, §5, §8; ours marked). */
export const communicationMessages = {
  // §5, without the screen's emoji.
  messageRequired: 'Digite uma mensagem para enviar',
  subjectRequired: 'Digite um assunto para o email',
  noUsers: 'Nenhum usuário disponível para envio',
  // Ours.
  typeInvalid: 'Tipo de mensagem: Email, SMS ou WhatsApp.',
  recipientsInvalid: 'Destinatários: todos os usuários ou uma lista de usuários.',
  messageTooLong: (max: number) => `A mensagem pode ter no máximo ${max} caracteres.`,
  subjectTooLong: 'O assunto pode ter no máximo 200 caracteres.',
  unknownRecipients: 'Algum destinatário não existe mais: atualize a lista e tente de novo.',
  emailInvalid: 'Informe um email válido.',
  phoneInvalid: 'Telefone inválido: informe DDI + DDD + número (ex.: 5511987654321).',
  testTargetRequired: 'Informe um email ou um telefone para testar.',
  noAddress: {
    email: 'Usuário sem email cadastrado.',
    sms: 'Usuário sem telefone cadastrado.',
    whatsapp: 'Usuário sem telefone cadastrado.',
  },
  notTested: {
    email: 'Email não informado.',
    sms: 'Telefone não informado.',
    whatsapp: 'Telefone não informado.',
  },
  stillQueued: 'Ainda na fila: será enviada em instantes.',
  sendSummary: (sent: number, total: number) => `Mensagens enviadas: ${sent} de ${total}.`,
  // §8's 'Teste enviado. Canais OK: …' when a channel sent; with none it said 'Canais OK: nenhum'.
  testSummary: (ok: string[]) =>
    ok.length ? `Teste enviado. Canais OK: ${ok.join(', ')}` : 'Nenhum canal enviou o teste.',
  // Ours: each channel's outcome, as the result names it.
  outcome: {
    sent: 'enviado',
    failed: 'falhou',
    unavailable: 'indisponível',
    pending: 'na fila',
    skipped: 'não testado',
  },
  testSubject: 'Vórtex: teste de canal',
  testBody: (channel: string) =>
    `Mensagem de teste da Central de Comunicação do Vórtex pelo canal ${channel}. Se você recebeu, o canal está funcionando.`,
} as const;
