export * from './easter.js';
export * from './national-holidays.js';
export * from './business-days.js';
export * from './b3-calendar.js';
