import { PagePlaceholder } from '../../components/page-placeholder';
import { paths } from '../../config/paths';

export function Component() {
  return <PagePlaceholder title={paths.backup.title} />;
}
