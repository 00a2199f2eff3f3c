import { DealsFile } from './deals-file.js';
import { EaLink } from './ea-link.js';
import { EaTerminal } from './ea-terminal.js';
import { terminalMessages } from './messages.js';
import { openSimMarket } from './sim-market.js';
import type { TerminalConfig } from './terminal-config.js';

/** VortexBridge.mq5's defaults: a 500 ms timer, 3 s between attempts, 1 s to connect. */
const TIMER_MS = 500;
const RECONNECT_MS = 3_000;
const CONNECT_TIMEOUT_MS = 1_000;

export interface SimTerminal {
  /** Stops the market and the link; resolves once the deals file is on disk. */
  stop(): Promise<void>;
}

/**
 * A simulated MT5 terminal with the VortexBridge EA attached, as its own process: the market
 * runs on every beat whether or not an agent is connected, and the link keeps looking for one.
 */
export function startSimTerminal(config: TerminalConfig, log: (msg: string) => void): SimTerminal {
  const market = openSimMarket(config);
  const { dealsFile } = config;
  const file =
    dealsFile === undefined
      ? undefined
      : new DealsFile(dealsFile, (err) =>
          log(terminalMessages.dealsFileFailed(dealsFile, String(err))),
        );
  file?.save(market.deals);
  const terminal = new EaTerminal(market, { beatMs: config.beatMs });
  const link = new EaLink(terminal, {
    host: '127.0.0.1',
    port: config.eaPort,
    reconnectMs: RECONNECT_MS,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    log,
  });
  const { account_number, server } = market.source.terminal();
  log(
    terminalMessages.ready(
      account_number,
      server,
      market.symbol,
      market.deals.length,
      link.address,
    ),
  );
  const beat = (): void => {
    if (market.advance().length > 0) file?.save(market.deals);
    link.onTimer();
  };
  beat();
  const timer = setInterval(beat, Math.min(TIMER_MS, config.beatMs));
  return {
    stop: async () => {
      clearInterval(timer);
      await link.stop();
      await file?.flush();
    },
  };
}
