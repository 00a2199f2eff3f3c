import { TradesScreen } from '../../features/trades/components/trades-screen';

export function Component() {
  return <TradesScreen />;
}
