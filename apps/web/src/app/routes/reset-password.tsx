import { PublicPagePlaceholder } from '../../components/public-page-placeholder';
import { paths } from '../../config/paths';

export function Component() {
  return <PublicPagePlaceholder title={paths.resetPassword.title} />;
}
