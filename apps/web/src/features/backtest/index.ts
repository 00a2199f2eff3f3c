export { BacktestScreen } from './components/backtest-screen';
