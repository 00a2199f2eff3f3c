export * from './errors/messages.js';
export * from './api/envelope.schema.js';
export * from './api/health.schema.js';
export * from './api/client-log.schema.js';
export * from './users/user.schema.js';
export * from './users/username.js';
export * from './i18n/zod-pt-br.js';
