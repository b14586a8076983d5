import { ConfigValidationError, loadConfig } from '@platform/config';
import { runUntilSignal } from '@platform/http';
import { createLogger } from '@platform/logging';
import { cliPrefix } from './cli-prefix.js';
import { withinDeadline } from './shutdown-deadline.js';
import { StandaloneConfig } from './standalone.config.js';
import { startStandalone } from './start-standalone.js';

const logger = createLogger({ service: 'standalone' });

try {
  const { standalone: config } = loadConfig({ standalone: StandaloneConfig });
  const system = await startStandalone({
    port: config.PORT,
    webhookReceiverPort: config.SANDBOX_WEBHOOK_RECEIVER_PORT,
    dataDir: config.DATA_DIR,
    sandboxPush: config.SANDBOX_PUSH_BOUNCER === 'on',
    logLevel: config.LOG_LEVEL,
    logger,
    baseEnv: process.env,
  });
  runUntilSignal(logger, withinDeadline(system.stop));
  const lines = [
    '',
    // From the process's start: loading the modules is part of the wait.
    `  Ready in ${process.uptime().toFixed(1)} s — every app runs in this process (Ctrl-C stops them).`,
    `  Gateway (payout API + chat API):  ${system.gatewayUrl}`,
    `  API reference:                    ${system.gatewayUrl}/docs`,
    `  Chat API:                         ${system.gatewayUrl}/api/v1/`,
    ...system.services.map(
      (service) => `  ${service.name.padEnd(33)} ${service.url}  (/health/ready, /metrics)`,
    ),
    `  Sandbox Horizon (Stellar):        ${system.sandbox.horizon.url}`,
    `  Sandbox Solana RPC:               ${system.sandbox.solana.url}`,
    `  Sandbox Celo JSON-RPC (42220):    ${system.sandbox.evm.url}`,
    `  Sandbox PIX / Bre-B rails:        ${system.sandbox.pix.url}  ${system.sandbox.breb.url}`,
    `  Sandbox webhook receiver:         ${system.sandbox.webhookReceiver.url}/hooks/<name>  (GET /requests lists what it got)`,
    `  Sandbox push bouncer:             ${system.sandbox.pushBouncer.url}  (${config.SANDBOX_PUSH_BOUNCER === 'on' ? 'chat push uses it; GET /requests' : 'unused: SANDBOX_PUSH_BOUNCER=on npm start'})`,
    `  Data directory:                   ${config.DATA_DIR}`,
    `  Create a partner:                 ${cliPrefix(config.DATA_DIR, system.gatewayUrl)}npm run cli -- partner create --name "My company"`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} catch (error) {
  if (error instanceof ConfigValidationError) logger.fatal({ problems: error.problems }, error.message);
  else logger.fatal({ err: error }, 'standalone start failed');
  process.exit(1);
}
