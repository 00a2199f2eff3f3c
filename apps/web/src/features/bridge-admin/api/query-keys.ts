/** Every bridge admin query lives under one root, apart from the pairing screen's own keys. */
export const bridgeAdminKeys = {
  all: ['bridge-admin'] as const,
  claims: ['bridge-admin', 'claims'] as const,
  sessions: ['bridge-admin', 'sessions'] as const,
  tokens: ['bridge-admin', 'tokens'] as const,
  myBridges: ['bridge-admin', 'my-bridges'] as const,
  audit: ['bridge-admin', 'audit'] as const,
  health: ['bridge-admin', 'health'] as const,
  serverHealth: ['bridge-admin', 'server-health'] as const,
};
