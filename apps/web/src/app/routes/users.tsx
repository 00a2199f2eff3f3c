import { CommunicationCentre } from '../../features/communication';
import { UsersScreen } from '../../features/users/components/users-screen';

export function Component() {
  return <UsersScreen communication={<CommunicationCentre />} />;
}
