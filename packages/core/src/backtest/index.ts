export * from './backtest.js';
