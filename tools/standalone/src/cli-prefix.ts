import { StandaloneConfig } from './standalone.config.js';

// The CLI finds the gateway from PORT and the ops key under DATA_DIR, as the standalone does: a
// start with other values (or on a free port, PORT=0) prints them in front of the commands it
// suggests, so that they work as printed.
export function cliPrefix(dataDir: string, gatewayUrl: string): string {
  const defaults = new StandaloneConfig();
  const port = new URL(gatewayUrl).port;
  const env = [
    port === String(defaults.PORT) ? '' : `PORT=${port} `,
    dataDir === defaults.DATA_DIR ? '' : `DATA_DIR=${shellWord(dataDir)} `,
  ];
  return env.join('');
}

function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
