export { PriceChartCard } from './components/price-chart-card';
