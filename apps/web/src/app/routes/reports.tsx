import { ReportsScreen } from '../../features/reports/components/reports-screen';

export function Component() {
  return <ReportsScreen />;
}
