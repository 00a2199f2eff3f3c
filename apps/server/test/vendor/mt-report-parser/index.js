export * from "./lib/report-parser.js";
export * from "./lib/stats-calculator.js";
