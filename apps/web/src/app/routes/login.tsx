import { paths } from '../../config/paths';
import { LoginScreen } from '../../features/auth/components/login-screen';

export function Component() {
  return (
    <>
      <title>{`${paths.login.title} · Vórtex`}</title>
      <LoginScreen />
    </>
  );
}
