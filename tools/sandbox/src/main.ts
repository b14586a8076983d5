import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigValidationError, loadConfig } from '@platform/config';
import { runUntilSignal } from '@platform/http';
import { createLogger } from '@platform/logging';
import { deploymentEnv, pointAtSandbox } from './deployment-env.js';
import { writeEnvFile } from './env-file.js';
import { SandboxLauncherConfig } from './sandbox-launcher.config.js';
import { startSandbox, type Sandbox } from './start-sandbox.js';

// `npm run sandbox`: the simulators alone, for a deployment run some other way (the distributed
// mode, containers). It writes the variables that point the apps at them to a file to source.
const logger = createLogger({ service: 'sandbox' });
const READY_POLL_MS = 2_000;

try {
  const { sandbox: config } = loadConfig({ sandbox: SandboxLauncherConfig });
  const sandbox = await startSandbox({ webhookReceiverPort: config.SANDBOX_WEBHOOK_RECEIVER_PORT });
  runUntilSignal(logger, sandbox.close);
  const envFile = resolve(config.SANDBOX_ENV_FILE);
  await writeEnvFile(envFile, deploymentEnv(sandbox));
  process.stdout.write(`${banner(sandbox, envFile).join('\n')}\n`);
  if (config.GATEWAY_URL && config.OPS_API_KEY) {
    await pointWhenReady(config.GATEWAY_URL, config.OPS_API_KEY, sandbox);
  }
} catch (error) {
  if (error instanceof ConfigValidationError) logger.fatal({ problems: error.problems }, error.message);
  else logger.fatal({ err: error }, 'sandbox start failed');
  process.exit(1);
}

function banner(sandbox: Sandbox, envFile: string): string[] {
  return [
    '',
    '  Sandbox simulators running (Ctrl-C stops them):',
    `  Horizon (Stellar):       ${sandbox.horizon.url}`,
    `  Solana RPC:              ${sandbox.solana.url}`,
    `  Celo JSON-RPC (42220):   ${sandbox.evm.url}`,
    `  PIX / Bre-B rails:       ${sandbox.pix.url}  ${sandbox.breb.url}`,
    `  FX feed:                 ${sandbox.fxFeed.url}`,
    `  Webhook receiver:        ${sandbox.webhookReceiver.url}/hooks/<name>  (GET /requests lists what it got)`,
    '',
    `  Point a deployment at them:  source ${envFile}`,
    "  Then, once its gateway is up, the catalogue's mints and the deposit addresses are pointed at",
    '  the sandbox by this launcher when GATEWAY_URL and OPS_API_KEY are set (it waits for the gateway).',
    '',
  ];
}

async function pointWhenReady(gatewayUrl: string, opsKey: string, sandbox: Sandbox): Promise<void> {
  logger.info({ gatewayUrl }, 'waiting for the gateway to point it at the sandbox');
  for (;;) {
    const ready = await fetch(new URL('/health/ready', gatewayUrl)).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await sleep(READY_POLL_MS);
  }
  await pointAtSandbox(gatewayUrl, opsKey, sandbox);
  logger.info({ gatewayUrl }, 'corridor mints and deposit addresses now point at the sandbox');
}
