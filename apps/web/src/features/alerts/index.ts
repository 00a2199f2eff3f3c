export { AlertsScreen } from './components/alerts-screen';
