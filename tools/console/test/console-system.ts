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
  // `npm run cli -- <args>` against this system (e.g. a sandbox deposit): its last line, parsed.
  cli(...args: string[]): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

// What a console test file runs against: the bundle `npm run build` writes, the whole standalone
// system on data of its own, and Debian's chromium; started once per file. The CLI runs from the
// same build.
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
    cli: async (...args) => {
      const { stdout } = await run(
        'node',
        ['dist/tools/cli/src/main.js', ...args, '--url', system.gatewayUrl],
        {
          env: { ...process.env, DATA_DIR: dataDir },
        },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    },
    stop: async () => {
      await browser.close();
      await system.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
