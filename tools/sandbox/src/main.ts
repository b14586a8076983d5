import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigValidationError, loadConfig } from '@platform/config';
import { runUntilSignal } from '@platform/http';
import { createLogger } from '@platform/logging';
import { deploymentEnv, GatewayRefusal, pointAtSandbox } from './deployment-env.js';
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
    `  Push bouncer (Zulip):    ${sandbox.pushBouncer.url}/api/v1/remotes/push/  (GET /requests, PUT /refusal)`,
    `  Control (pays deposits): ${sandbox.control.url}/deposits  (the gateway's SANDBOX_CONTROL_URL)`,
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
    try {
      if (await isReady(gatewayUrl)) {
        await pointAtSandbox(gatewayUrl, opsKey, sandbox);
        break;
      }
    } catch (error) {
      // A gateway that is up before the apps behind it (or one of them restarting) answers 5xx
      // for a while; a 4xx (a wrong ops key) will not change by waiting.
      if (error instanceof GatewayRefusal && error.status < 500) throw error;
      logger.warn({ err: error }, 'pointing the gateway at the sandbox failed; trying again');
    }
    await sleep(READY_POLL_MS);
  }
  logger.info({ gatewayUrl }, 'corridor mints and deposit addresses now point at the sandbox');
}

function isReady(gatewayUrl: string): Promise<boolean> {
  return fetch(new URL('/health/ready', gatewayUrl)).then(
    (response) => response.ok,
    () => false,
  );
}
