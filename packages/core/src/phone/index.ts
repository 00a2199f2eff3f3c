export * from './phone-confirmation.schema.js';
export * from './phone-messages.js';
