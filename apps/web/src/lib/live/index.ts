export { LiveProvider } from './live-provider';
export { useLiveEvents, useLiveFeed, useLiveStatus, usePollWhileLiveDown } from './live-context';
export { backoffDelay, type LiveSnapshot, type LiveStatus } from './live-connection';
export { LiveFeed } from './components/live-feed';
