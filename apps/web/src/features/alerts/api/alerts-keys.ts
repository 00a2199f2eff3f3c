export const alertsKeys = {
  all: ['alerts'] as const,
  config: ['alerts', 'config'] as const,
  recent: ['alerts', 'recent'] as const,
  phone: ['alerts', 'phone'] as const,
};
