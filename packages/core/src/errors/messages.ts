// Texts of the error envelope shared by every API failure: { success: false, error }.
export const apiErrorMessages = {
  badRequest: 'Requisição inválida.',
  unauthorized: 'Não autenticado. Faça login novamente.',
  forbidden: 'Acesso negado.',
  notFound: 'Recurso não encontrado.',
  tooLarge: 'Conteúdo muito grande.',
  tooManyRequests: 'Muitas requisições. Tente novamente em instantes.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  internal: 'Erro interno do servidor. Tente novamente.',
  databaseUnavailable: 'Banco de dados indisponível no momento. Tente novamente em instantes.',
  shuttingDown: 'O servidor está sendo encerrado. Tente novamente em instantes.',
  hostNotAllowed:
    'Este servidor não atende por este endereço. Use o endereço configurado do Vórtex.',
} as const;
