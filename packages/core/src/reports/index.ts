export { formatCell, isNumeric, type Cell } from './cells.js';
export * from './messages.js';
export * from './render-html.js';
export * from './render-xml.js';
export * from './results.js';
export * from './start-balance.js';
export * from './statement-model.js';
export * from './statement.types.js';
export * from './import.schema.js';
