import { BotControlCard } from '../../features/bot-control';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen';
import { PriceChartCard } from '../../features/price-chart';

export function Component() {
  return <DashboardScreen priceChart={<PriceChartCard />} botCard={<BotControlCard />} />;
}
