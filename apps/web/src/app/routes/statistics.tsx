import { StatisticsScreen } from '../../features/statistics/components/statistics-screen';

export function Component() {
  return <StatisticsScreen />;
}
