import { AlertsScreen } from '../../features/alerts';

export function Component() {
  return <AlertsScreen />;
}
