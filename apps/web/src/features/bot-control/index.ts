export { BotControlCard } from './components/bot-control-card';
