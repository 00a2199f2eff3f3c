import { AnnualSummaryPage } from '../../features/taxes';

export function Component() {
  return <AnnualSummaryPage />;
}
