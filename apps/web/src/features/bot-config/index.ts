export { BotConfigScreen } from './components/bot-config-screen';
