import { BotConfigScreen } from '../../features/bot-config';

/** Where the bot card's Configurações button leads: the same configuration, at the Fibonacci card. */
export function Component() {
  return <BotConfigScreen focus="fibonacci" />;
}
