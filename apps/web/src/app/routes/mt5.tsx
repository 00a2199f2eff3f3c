import { Mt5Screen } from '../../features/mt5/components/mt5-screen';

export function Component() {
  return <Mt5Screen />;
}
