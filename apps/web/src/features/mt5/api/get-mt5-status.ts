export { fetchMt5Status, useMt5Status, type Mt5Status } from '../../../lib/mt5-status';
