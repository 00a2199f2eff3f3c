import { RegisterScreen } from '../../features/auth/components/register-screen';

export function Component() {
  return <RegisterScreen />;
}
