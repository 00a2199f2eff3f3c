export const botConfigKeys = {
  all: ['bot', 'config'] as const,
};
