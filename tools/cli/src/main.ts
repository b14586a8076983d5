import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { readSecrets } from '../../standalone/src/standalone-secrets.js';
import { CliError, GatewayClient } from './gateway-client.js';
import { runCapsCommand } from './caps-commands.js';
import { runChatCommand } from './chat-commands.js';
import { runCorridorCommand } from './corridor-commands.js';
import { runDepositAddressCommand } from './deposit-address-commands.js';
import { runDepositCommand } from './deposit-commands.js';
import { runKybCommand } from './kyb-commands.js';
import { runKycPolicyCommand } from './kyc-policy-commands.js';
import { runPartnerCommand } from './partner-commands.js';
import { runRateLimitCommand } from './rate-limit-commands.js';
import { runSandboxCommand } from './sandbox-commands.js';
import { runUserCommand } from './user-commands.js';

const USAGE = `Usage: npm run cli -- <command> [--url <gateway origin>] [--ops-key <key>] [--operator <name>]
  partner create --name <name> [--pending]           → { partnerId, name, keyId, apiKey[, kyb] } (KYB approved
                                                       unless --pending)
  partner key create --partner-id <id> [--name <key name>]
                                                     → { partnerId[, name], keyId, apiKey }
  partner key revoke --partner-id <id> --key-id <id> → { partnerId, keyId, revoked }
  partner key list --partner-id <id> [--page <n>] [--page-size <n>]
                                                     → { page, pageSize, total, keys: [...] } (newest first)
  partner key quota --partner-id <id> --max <n>|default
                                                     → the partner with activeKeys, maxActiveKeys and
                                                       keyQuotaSource (default: API_KEY_QUOTA_DEFAULT)
  corridor list                                      → { flows, assets, unsupported }
  corridor flow update --flow-id <id> [--enabled true|false] [--fee-bps <n>] [--fee-fixed <d>]
                       [--min <d>|none] [--max <d>|none]
  corridor asset activate --crypto <USDC|USDT> --chain <STELLAR|SOLANA|CELO> --mint <address> --decimals <n>
  corridor route disable --crypto <c> --chain <c> --method <BREB|PIX> --currency <COP|BRL> --reason <text>
  corridor route enable --id <unsupported route id>
  caps list                                          → { caps: [...] } (each rail's payout caps and its time zone)
  caps set --method <BREB|PIX> --currency <COP|BRL> [--per-transaction <d>|none] [--user-daily <d>|none]
           [--user-daily-count <n>|none] [--method-daily <d>|none]
                                                     → the rail's caps (those not named are kept; the
                                                       day is the calendar day in the rail's country)
  deposit-address list                               → { addresses: [...] }
  deposit-address set --blockchain <STELLAR|SOLANA|CELO> --address <address>
  deposit unmatched [--page <n>] [--page-size <n>]   → { page, pageSize, total, deposits: [...] } (transfers
                                                       that fund no transaction, newest first)
  deposit refund --id <deposit id> [--address <address>]
                                                     → the deposit, resolved: sent back to its sender, or to
                                                       the named address of its chain
  deposit assign --id <deposit id> --transaction-id <id>
                                                     → the deposit, resolved: credited to that transaction
                                                       under the usual amount rules
  deposit audit [--page <n>] [--page-size <n>]       → { page, pageSize, total, entries: [...] } (every
                                                       refund or assign request, newest first)
  ledger                                             → { entries: [...] } (per chain and currency: received,
                                                       funded, refunded, in flight, held, swept, difference)
  kyc-policy get --partner-id <id>                   → { partnerId, mode, thresholdAmount, source }
  kyc-policy set --partner-id <id> --mode <off|always|threshold> [--threshold <d>|default]
  kyb list                                           → { partners: [...] } (the partners whose KYB was set)
  kyb get --partner-id <id>                          → { partnerId, status, pendingLimit, updatedBy, updatedAt }
  kyb set --partner-id <id> --status <pending|approved|rejected> [--limit <units>|default]
                                                     → the same (pending: completed volume limited to
                                                       --limit source units, default KYB_PENDING_LIMIT)
  rate-limit get --partner-id <id>                   → { partnerId, limits: [{ class, limit, windowSeconds, source }] }
  rate-limit set --partner-id <id> --class <quotes|transaction_writes|kyc_uploads|keys|reads> --limit <n>
                 [--window <seconds>]                → the same (the class's default window unless --window)
  rate-limit clear --partner-id <id> [--class <class>] → the same (that class, else every class, back to
                                                       its default)
  rate-limit audit [--page <n>] [--page-size <n>]    → { page, pageSize, total, entries: [...] } (newest first)
  user list --partner-id <id> [--page <n>] [--page-size <n>]
                                                     → { page, pageSize, total, users: [{ userId, disabledAt }] }
                                                       (disabled users, newest first)
  user disable --partner-id <id> --user <user id>    → { partnerId, userId, disabled } (its quotes,
  user enable --partner-id <id> --user <user id>       accepts and KYC answer 403 user_disabled)
  chat realm create --name <name> --owner-email <email> --owner-name <name>
                    [--owner-password <password>] [--host <realm host>]
                                                     → { realmId, url, owner: { userId, email, apiKey } }
  chat user list --realm-id <id>                     → { users: [{ userId, email, fullName, role, isActive, isBot }] }
  chat user role --realm-id <id> --user <id|email> --role <owner|administrator|moderator|member|guest>
  chat user permission --realm-id <id> --user <id|email> --can-change-user-emails <true|false>
  chat user deactivate --realm-id <id> --user <id|email>   (its bots too; the only owner cannot be)
  chat user reactivate --realm-id <id> --user <id|email>
  chat user reset-api-key --realm-id <id> --user <id|email> → { userId, email, apiKey } (the old key stops
                                                       working at once)
  chat export list --realm-id <id>                   → { exports: [...] } (GET /export/realm's rows)
  chat export delete --realm-id <id> --id <export id> (a finished export: its archive is removed)
  chat realm import <archive.tar.gz> [--host <realm host>]
                                                     → { realmId, stringId, url, users, messages } (a new realm
                                                       from an export of this server or Zulip; ids remapped)
  sandbox deposit --transaction-id <id> [--amount <decimal>] [--no-memo] [--late]
                                                     → { blockchain, onChainTx } (sandbox chains only:
                                                       pays the transaction's payment_context from the
                                                       sandbox customer wallet; refused once the quote
                                                       expired, unless --late: the deposit is then
                                                       refunded as expired)
The ops key comes from --ops-key, else OPS_API_KEY, else the standalone data directory
(DATA_DIR, default .data). Changes are audited under --operator, else OPERATOR, else the system user. --url defaults to the standalone gateway's: http://localhost:$PORT (default 3000).`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: `http://localhost:${process.env['PORT'] ?? '3000'}` },
      'ops-key': { type: 'string' },
      operator: { type: 'string' },
      name: { type: 'string' },
      'partner-id': { type: 'string' },
      'key-id': { type: 'string' },
      'flow-id': { type: 'string' },
      id: { type: 'string' },
      enabled: { type: 'string' },
      'fee-bps': { type: 'string' },
      'fee-fixed': { type: 'string' },
      min: { type: 'string' },
      max: { type: 'string' },
      crypto: { type: 'string' },
      chain: { type: 'string' },
      method: { type: 'string' },
      currency: { type: 'string' },
      mint: { type: 'string' },
      decimals: { type: 'string' },
      reason: { type: 'string' },
      'per-transaction': { type: 'string' },
      'user-daily': { type: 'string' },
      'user-daily-count': { type: 'string' },
      'method-daily': { type: 'string' },
      blockchain: { type: 'string' },
      address: { type: 'string' },
      mode: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      class: { type: 'string' },
      window: { type: 'string' },
      pending: { type: 'boolean' },
      threshold: { type: 'string' },
      'owner-email': { type: 'string' },
      'owner-name': { type: 'string' },
      'owner-password': { type: 'string' },
      host: { type: 'string' },
      'realm-id': { type: 'string' },
      user: { type: 'string' },
      role: { type: 'string' },
      'can-change-user-emails': { type: 'string' },
      'transaction-id': { type: 'string' },
      amount: { type: 'string' },
      'no-memo': { type: 'boolean' },
      late: { type: 'boolean' },
      page: { type: 'string' },
      'page-size': { type: 'string' },
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
  const gateway = new GatewayClient(
    values.url,
    opsKey,
    values.operator ?? process.env['OPERATOR'] ?? userInfo().username,
  );
  const result = await runGroup(group, rest, values, gateway);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

type ParsedOptions = Record<string, string | boolean | undefined>;

function runGroup(group: string, rest: string[], values: ParsedOptions, gateway: GatewayClient) {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  switch (group) {
    case 'partner':
      return runPartnerCommand(
        rest,
        {
          name: text('name'),
          partnerId: text('partner-id'),
          keyId: text('key-id'),
          pending: values['pending'] === true,
          max: text('max'),
          page: text('page'),
          pageSize: text('page-size'),
        },
        gateway,
      );
    case 'corridor':
      return runCorridorCommand(
        rest,
        {
          flowId: text('flow-id'),
          id: text('id'),
          enabled: text('enabled'),
          feeBps: text('fee-bps'),
          feeFixed: text('fee-fixed'),
          min: text('min'),
          max: text('max'),
          crypto: text('crypto'),
          chain: text('chain'),
          method: text('method'),
          currency: text('currency'),
          mint: text('mint'),
          decimals: text('decimals'),
          reason: text('reason'),
        },
        gateway,
      );
    case 'caps':
      return runCapsCommand(
        rest,
        {
          method: text('method'),
          currency: text('currency'),
          perTransaction: text('per-transaction'),
          userDaily: text('user-daily'),
          userDailyCount: text('user-daily-count'),
          methodDaily: text('method-daily'),
        },
        gateway,
      );
    case 'deposit-address':
      return runDepositAddressCommand(
        rest,
        { blockchain: text('blockchain'), address: text('address') },
        gateway,
      );
    case 'deposit':
      return runDepositCommand(
        rest,
        {
          id: text('id'),
          transactionId: text('transaction-id'),
          address: text('address'),
          page: text('page'),
          pageSize: text('page-size'),
        },
        gateway,
      );
    case 'ledger':
      if (rest.length > 0) throw new CliError(`Unknown ledger command: ${rest.join(' ')}`);
      return gateway.request('GET', '/ops/ledger');
    case 'kyc-policy':
      return runKycPolicyCommand(
        rest,
        { partnerId: text('partner-id'), mode: text('mode'), threshold: text('threshold') },
        gateway,
      );
    case 'kyb':
      return runKybCommand(
        rest,
        { partnerId: text('partner-id'), status: text('status'), limit: text('limit') },
        gateway,
      );
    case 'rate-limit':
      return runRateLimitCommand(
        rest,
        {
          partnerId: text('partner-id'),
          routeClass: text('class'),
          limit: text('limit'),
          window: text('window'),
          page: text('page'),
          pageSize: text('page-size'),
        },
        gateway,
      );
    case 'user':
      return runUserCommand(
        rest,
        {
          partnerId: text('partner-id'),
          user: text('user'),
          page: text('page'),
          pageSize: text('page-size'),
        },
        gateway,
      );
    case 'chat':
      return runChatCommand(
        rest,
        {
          name: text('name'),
          ownerEmail: text('owner-email'),
          ownerName: text('owner-name'),
          ownerPassword: text('owner-password'),
          host: text('host'),
          realmId: text('realm-id'),
          user: text('user'),
          role: text('role'),
          canChangeUserEmails: text('can-change-user-emails'),
          id: text('id'),
        },
        gateway,
      );
    case 'sandbox':
      return runSandboxCommand(
        rest,
        {
          transactionId: text('transaction-id'),
          amount: text('amount'),
          withoutMemo: values['no-memo'] === true,
          late: values['late'] === true,
        },
        gateway,
      );
    default:
      throw new CliError(`Unknown command: ${group}\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof CliError ? error.message : String(error)}\n`);
  process.exit(error instanceof CliError ? 2 : 1);
});
