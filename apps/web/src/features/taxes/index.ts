export { TaxesScreen } from './components/taxes-screen';
export { AnnualSummaryPage } from './components/annual-summary-page';
