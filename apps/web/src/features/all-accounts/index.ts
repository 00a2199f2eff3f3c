export { AllAccountsScreen } from './components/all-accounts-screen';
