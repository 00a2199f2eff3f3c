import type { BotStatus } from './api/get-bot-status';

export const stoppedStatus: BotStatus = {
  bot_active: false,
  process_id: null,
  start_time: null,
  paused: false,
  entries_paused: false,
  error: null,
  blocked: null,
  today: { trades: 0, winners: 0, average_win: 0, losers: 0, average_loss: 0, canceled: 0 },
};

export const runningStatus: BotStatus = {
  bot_active: true,
  process_id: 'host:42',
  start_time: '2025-12-01T13:00:00.000Z',
  paused: false,
  entries_paused: false,
  error: null,
  blocked: null,
  today: { trades: 5, winners: 3, average_win: 40.5, losers: 2, average_loss: -25, canceled: 1 },
};

export const mt5Status = (on: boolean) => ({
  success: true,
  connected: on,
  mt5_connected: on,
  bridge_connected: on,
  account: on ? 7_100_001 : null,
  login: on ? 7_100_001 : null,
  server: on ? 'Demo' : null,
  source: 'bridge',
});
