#!/usr/bin/env node
import { USAGE, terminalMessages } from './sim-terminal/messages.js';
import { startSimTerminal } from './sim-terminal/sim-terminal.js';
import { parseTerminalArgs, type ParsedArgs } from './sim-terminal/terminal-config.js';

// A development and test tool, not part of the installer: scripts/bundle.mjs bundles only main.js.
let parsed: ParsedArgs;
try {
  parsed = parseTerminalArgs(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  process.exit(2);
}

if (parsed.help) {
  process.stdout.write(USAGE);
} else {
  const log = (msg: string) => process.stdout.write(`${msg}\n`);
  const terminal = startSimTerminal(parsed.config, log);
  const onSignal = (signal: NodeJS.Signals) => {
    void terminal.stop().then(() => {
      log(terminalMessages.stopped(signal));
      process.exit(0);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
