import { ForgotPasswordScreen } from '../../features/auth/components/forgot-password-screen';

export function Component() {
  return <ForgotPasswordScreen />;
}
