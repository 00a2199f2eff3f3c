import { BotConfigScreen } from '../../features/bot-config';

/** Any logged-in user's own bot configuration (the menu shows the entry to admins only). */
export function Component() {
  return <BotConfigScreen />;
}
