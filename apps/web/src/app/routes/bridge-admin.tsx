import { BridgeAdminScreen } from '../../features/bridge-admin/components/bridge-admin-screen';

export function Component() {
  return <BridgeAdminScreen />;
}
