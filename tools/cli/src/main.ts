import { parseArgs } from 'node:util';
import { readSecrets } from '../../standalone/src/standalone-secrets.js';
import { CliError, GatewayClient } from './gateway-client.js';
import { runPartnerCommand } from './partner-commands.js';

const USAGE = `Usage: npm run cli -- <command> [--url <gateway origin>] [--ops-key <key>]
  partner create --name <name>                       → { partnerId, name, keyId, apiKey }
  partner key create --partner-id <id>               → { partnerId, keyId, apiKey }
  partner key revoke --partner-id <id> --key-id <id> → { partnerId, keyId, revoked }
  partner key list --partner-id <id>                 → { keys: [...] }
The ops key comes from --ops-key, else OPS_API_KEY, else the standalone data directory
(DATA_DIR, default .data). --url defaults to http://localhost:3000.`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      'ops-key': { type: 'string' },
      name: { type: 'string' },
      'partner-id': { type: 'string' },
      'key-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, ...rest] = positionals;
  if (values.help || !group) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const opsKey =
    values['ops-key'] ??
    process.env['OPS_API_KEY'] ??
    (await readSecrets(process.env['DATA_DIR'] ?? '.data'))?.opsApiKey;
  if (!opsKey)
    throw new CliError(
      'No ops key: pass --ops-key or set OPS_API_KEY (standalone keeps one in .data/secrets.json)',
    );
  const gateway = new GatewayClient(values.url, opsKey);
  if (group !== 'partner') throw new CliError(`Unknown command: ${group}\n${USAGE}`);
  const result = await runPartnerCommand(
    rest,
    { name: values.name, partnerId: values['partner-id'], keyId: values['key-id'] },
    gateway,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof CliError ? error.message : String(error)}\n`);
  process.exit(error instanceof CliError ? 2 : 1);
});
