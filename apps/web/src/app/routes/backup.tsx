import { BackupScreen } from '../../features/backup';

export function Component() {
  return <BackupScreen />;
}
