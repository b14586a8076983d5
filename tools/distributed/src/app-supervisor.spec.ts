import { afterEach, describe, expect, it } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@platform/logging';
import { AppSupervisor, type SupervisedApp } from './app-supervisor.js';

// Real child processes: what an app does is given as a script in its env; a script that prints
// tells the test it has set itself up.
const children: ChildProcess[] = [];
const node = (app: SupervisedApp) => {
  const child = spawn(process.execPath, ['-e', app.env['SCRIPT'] ?? ''], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return child;
};
const setUp = (child: ChildProcess) => once(child.stdout!, 'data');

async function until(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 20_000; !condition(); await sleep(20)) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}
const crashing = { name: 'crashing', env: { SCRIPT: 'process.exit(3)' } };
const steady = { name: 'steady', env: { SCRIPT: 'setInterval(() => {}, 1000)' } };
// Takes its time to drain after SIGTERM, as an app finishing its requests does.
const draining = {
  name: 'draining',
  env: {
    SCRIPT:
      "process.on('SIGTERM', () => setTimeout(() => process.exit(0), 300)); setInterval(() => {}, 1000); console.log('up')",
  },
};

describe(AppSupervisor.name, () => {
  let supervisor: AppSupervisor | undefined;
  afterEach(() => supervisor?.stop());

  it('restarts an app that exits, waiting longer while it keeps crashing, and leaves the others running', async () => {
    const spawned: string[] = [];
    const exits: Array<{ app: string; restartInMs: number }> = [];
    const logger = createLogger({ service: 'supervisor-test', level: 'silent' });
    logger.error = ((fields: { app: string; restartInMs: number }) => {
      exits.push({ app: fields.app, restartInMs: fields.restartInMs });
    }) as typeof logger.error;
    supervisor = new AppSupervisor({
      logger,
      spawn: (app) => {
        spawned.push(app.name);
        return node(app);
      },
      firstBackoffMs: 50,
      maxBackoffMs: 200,
    });
    supervisor.start(steady);
    supervisor.start(crashing);
    await until(() => exits.length >= 4);
    expect(spawned.filter((name) => name === 'steady')).toHaveLength(1);
    expect(exits.slice(0, 4)).toEqual([
      { app: 'crashing', restartInMs: 50 },
      { app: 'crashing', restartInMs: 100 },
      { app: 'crashing', restartInMs: 200 },
      { app: 'crashing', restartInMs: 200 },
    ]);
  });

  it('stops every app with SIGTERM, lets it drain, and restarts nothing', async () => {
    const spawned: string[] = [];
    supervisor = new AppSupervisor({
      logger: createLogger({ service: 'supervisor-test', level: 'silent' }),
      spawn: (app) => {
        spawned.push(app.name);
        return node(app);
      },
    });
    supervisor.start(draining);
    supervisor.start(steady);
    await setUp(children.at(-2)!);
    const started = Date.now();
    await supervisor.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await sleep(200);
    expect(spawned).toEqual(['draining', 'steady']);
  });

  it('kills an app that does not stop within the stop timeout', async () => {
    supervisor = new AppSupervisor({
      logger: createLogger({ service: 'supervisor-test', level: 'silent' }),
      spawn: node,
      stopTimeoutMs: 200,
    });
    supervisor.start({
      name: 'stubborn',
      env: { SCRIPT: "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)" },
    });
    await sleep(300);
    const started = Date.now();
    await supervisor.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
