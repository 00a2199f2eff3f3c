/** Every pt-BR text of registration, login and recovery: the spec's word for word, then ours. */
export const registerMessages = {
  // access-and-admin.md §5, word for word.
  requiredFields: 'Por favor, preencha todos os campos obrigatórios.',
  passwordMin: 'A senha deve ter no mínimo 8 caracteres',
  passwordStrength:
    'A senha deve conter pelo menos: 1 letra maiúscula, 1 minúscula, 1 número e 1 caractere especial',
  passwordsDiffer: 'As senhas não coincidem',
  birthDateRequired: 'A data de nascimento é obrigatória',
  birthDateFuture: 'A data de nascimento não pode ser no futuro',
  usesMt5Required:
    'Necessidade obrigatória de utilização do MT5 para concluir a abertura da conta. O bot possui automação somente para MT5.',
  brokerMin: 'Informe a corretora utilizada (mínimo 2 caracteres).',
  // Ours.
  emailInvalid: 'Informe um email válido.',
  phoneInvalid: 'Informe um telefone válido, com DDD (ex.: +55 11 91234-5678).',
  birthDateInvalid: 'A data de nascimento deve estar no formato AAAA-MM-DD.',
  emailTaken: 'Este email já está cadastrado. Faça login ou recupere sua senha.',
  created:
    'Conta criada com sucesso! Ela será analisada por um administrador antes de ser ativada.',
  tooMany: 'Muitas tentativas de cadastro a partir deste endereço. Tente novamente mais tarde.',
} as const;

export const resetMessages = {
  // access-and-admin.md §5 and §8, word for word.
  weakPassword:
    'A senha deve ter pelo menos 8 caracteres, incluindo maiúscula, minúscula, número e caractere especial',
  passwordsDiffer: 'As senhas não coincidem',
  invalidToken: 'Token inválido ou expirado',
  // Ours.
  validToken: 'Token válido.',
  done: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  forgotSent:
    'Se o email estiver cadastrado, você receberá um link para redefinir a senha em alguns minutos.',
  forgotTooMany: 'Muitas solicitações de recuperação. Tente novamente mais tarde.',
  /** The link could not be handed on (a full disk, SMTP away): `cause` from the server's disk errors. */
  mailNotSent: (cause: string | null) =>
    cause
      ? `Não foi possível enviar o email: ${cause} no servidor. Tente novamente mais tarde.`
      : 'Não foi possível enviar o email agora. Tente novamente mais tarde.',
} as const;

export const loginMessages = {
  invalidCredentials: 'Usuário ou senha inválidos.',
  pending: 'Sua conta está aguardando aprovação de um administrador.',
  rejected: 'Sua conta foi rejeitada. Entre em contato com o suporte.',
  suspended: 'Sua conta está suspensa. Entre em contato com o suporte.',
  trialEnded:
    'Seu período de teste de 7 dias terminou. Entre em contato com o suporte para abrir uma conta REAL.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  loggedOut: 'Sessão encerrada.',
} as const;
