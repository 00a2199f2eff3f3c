import { TaxesScreen } from '../../features/taxes';

export function Component() {
  return <TaxesScreen />;
}
