export const backupKeys = {
  all: ['backup'] as const,
  config: ['backup', 'config'] as const,
  list: ['backup', 'list'] as const,
  stats: ['backup', 'stats'] as const,
};
