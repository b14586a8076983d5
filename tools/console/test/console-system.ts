import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { createLogger } from '@platform/logging';
import { startStandalone, type Standalone } from '../../standalone/src/start-standalone.js';
import { launchBrowser } from './console-browser.js';

const run = promisify(execFile);

export interface ConsoleSystem {
  readonly system: Standalone;
  readonly browser: Browser;
  readonly opsApiKey: string;
  stop(): Promise<void>;
}

// What a console test file runs against: the bundle `npm run build` writes, the whole standalone
// system on data of its own, and Debian's chromium; started once per file.
export async function startConsoleSystem(name: string): Promise<ConsoleSystem> {
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  await run('node', ['tools/build/build.mjs', '--quiet']);
  const [system, browser] = await Promise.all([
    startStandalone({
      port: 0,
      dataDir,
      logLevel: 'silent',
      logger: createLogger({ service: name, level: 'silent' }),
      baseEnv: {},
    }),
    launchBrowser(),
  ]);
  const { opsApiKey } = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
    opsApiKey: string;
  };
  return {
    system,
    browser,
    opsApiKey,
    stop: async () => {
      await browser.close();
      await system.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
