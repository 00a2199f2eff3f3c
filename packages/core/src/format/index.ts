export * from './date.js';
export * from './duration.js';
export * from './number.js';
export * from './csv-cell.js';
