// The chain side of bench/deposit-baseline.mjs, bare: the same simulators read with the same SDK
// calls as chain-watchers makes (see apps/chain-watchers/README.md), each transfer into one of
// the baseline's addresses handed to `onTransfer` as a detected-deposit fact.
// - Stellar: one Horizon payment stream on the deposit account (`payments().forAccount().cursor()
//   .stream()`), and the payment's transaction read for its memo (`transactions().transaction()`).
// - Solana: every DEPOSIT_WATCH_INTERVAL_MS, each watched owner's token accounts of its mint
//   (`getTokenAccountsByOwner`), their latest 25 signatures (`getSignaturesForAddress`) and the
//   transactions not recorded yet (`getTransaction`), at the `finalized` commitment; a notify is
//   verified with the same `getTransaction`.
// - Celo: every DEPOSIT_WATCH_INTERVAL_MS, the Transfer logs of the tokens over the blocks since
//   the cursor (`eth_blockNumber`, `getLogs`, `getBlock` for the time and the cursor's hash); a
//   notify is verified with `getTransactionReceipt`, the head and the block's time.
// What a transfer is comes from the node's answer (Solana: the token balances before and after,
// Celo: the Transfer logs), not from decoding instructions as chain-watchers does.
import { Horizon } from '@stellar/stellar-sdk';
import { Connection, PublicKey } from '@solana/web3.js';
import { FetchRequest, getAddress, id, JsonRpcProvider } from 'ethers';

// chain-watchers' settings in the bench (sandboxEnv and the config's defaults).
const WATCH_INTERVAL_MS = 5_000;
const SIGNATURES_PER_ACCOUNT = 25;
const SOLANA_COMMITMENT = 'finalized';
const CELO_CHAIN_ID = 42220;
const CELO_CONFIRMATIONS = 1;
const RPC_TIMEOUT_MS = 10_000;
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');

// A raw integer amount in whole tokens, without trailing zeros.
function tokenAmount(raw, decimals) {
  const digits = raw.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

const trimDecimal = (amount) =>
  amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;

// ------------------------------------------------------------------ Stellar

// Horizon's operation id holds the operation's 1-based position in its transaction (low 12 bits).
const operationIndex = (operationId) => Number(BigInt(operationId) & 0xfffn) - 1;

// Streams the payments into `account` from `cursor` ('now' at first); `onTransfer(fact, pagingToken)`
// for each payment of the asset, in order. Answers the stream's close.
export function watchStellar({ horizonUrl, account, issuer, cursor, onTransfer, onError }) {
  const server = new Horizon.Server(horizonUrl, { allowHttp: horizonUrl.startsWith('http:') });
  let queue = Promise.resolve();
  const apply = async (record) => {
    if (record.type !== 'payment' || record.transaction_successful === false) return;
    if (record.to !== account || record.asset_issuer !== issuer) return;
    const transaction = await server.transactions().transaction(record.transaction_hash).call();
    await onTransfer(
      {
        blockchain: 'STELLAR',
        onChainTx: record.transaction_hash,
        transferIndex: operationIndex(record.id),
        cryptoCurrency: record.asset_code,
        asset: `${issuer}:${record.asset_code}`,
        depositAddress: account,
        sender: record.from,
        amount: trimDecimal(record.amount),
        memo: transaction.memo_type === 'text' ? (transaction.memo ?? null) : null,
        transactionId: null,
        confirmedAt: new Date(record.created_at).toISOString(),
      },
      record.paging_token,
    );
  };
  return server
    .payments()
    .forAccount(account)
    .cursor(cursor ?? 'now')
    .stream({
      // One record at a time, in order, as the cursor commits with each.
      onmessage: (record) => (queue = queue.then(() => apply(record)).catch(onError)),
      onerror: onError,
    });
}

// ------------------------------------------------------------------ Solana

const solanaConnection = (url) =>
  new Connection(url, {
    commitment: SOLANA_COMMITMENT,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(RPC_TIMEOUT_MS) }),
  });

// The transfers a landed transaction made into `owner`'s token account of `mint`: what its
// balance gained, from whom the same mint left.
function solanaTransfers(signature, response, { owner, mint, cryptoCurrency, transactionId }) {
  if (!response?.meta || response.meta.err !== null) return [];
  const { preTokenBalances = [], postTokenBalances = [] } = response.meta;
  const raw = (balances, index) =>
    BigInt(balances.find((balance) => balance.accountIndex === index)?.uiTokenAmount.amount ?? '0');
  const sender = postTokenBalances.find(
    (balance) =>
      balance.mint === mint &&
      raw(postTokenBalances, balance.accountIndex) < raw(preTokenBalances, balance.accountIndex),
  )?.owner;
  return postTokenBalances.flatMap((balance) => {
    if (balance.owner !== owner || balance.mint !== mint) return [];
    const gained = raw(postTokenBalances, balance.accountIndex) - raw(preTokenBalances, balance.accountIndex);
    if (gained <= 0n) return [];
    return [
      {
        blockchain: 'SOLANA',
        onChainTx: signature,
        transferIndex: balance.accountIndex,
        cryptoCurrency,
        asset: mint,
        depositAddress: owner,
        sender: sender ?? '',
        amount: tokenAmount(gained, balance.uiTokenAmount.decimals),
        memo: null,
        transactionId,
        confirmedAt: new Date((response.blockTime ?? 0) * 1000).toISOString(),
      },
    ];
  });
}

// `accounts()` answers the watched owners ({ owner, mint, cryptoCurrency, transactionId });
// `isRecorded(signature)` whether a transfer of it is recorded already. Answers a stop function
// and `verify`.
export function watchSolana({ rpcUrl, accounts, isRecorded, onTransfer, onError }) {
  const connection = solanaConnection(rpcUrl);
  const read = (signature) =>
    connection.getTransaction(signature, {
      commitment: SOLANA_COMMITMENT,
      maxSupportedTransactionVersion: 0,
    });
  const pass = async () => {
    for (const account of accounts()) {
      const { value: tokenAccounts } = await connection.getTokenAccountsByOwner(
        new PublicKey(account.owner),
        { mint: new PublicKey(account.mint) },
        SOLANA_COMMITMENT,
      );
      for (const { pubkey } of tokenAccounts) {
        const signatures = await connection.getSignaturesForAddress(
          pubkey,
          { limit: SIGNATURES_PER_ACCOUNT },
          SOLANA_COMMITMENT,
        );
        for (const { signature, err } of [...signatures].reverse()) {
          if (err || isRecorded(signature)) continue;
          for (const fact of solanaTransfers(signature, await read(signature), account))
            await onTransfer(fact, 'watcher');
        }
      }
    }
  };
  return {
    stop: every(WATCH_INTERVAL_MS, pass, onError),
    // The transfers `signature` made into `account` (null: not found at the commitment).
    verify: async (signature, account) => {
      const response = await read(signature);
      return response?.meta ? solanaTransfers(signature, response, account) : null;
    },
  };
}

// ------------------------------------------------------------------ Celo

function celoProvider(url) {
  const request = new FetchRequest(url);
  request.timeout = RPC_TIMEOUT_MS;
  return new JsonRpcProvider(request, CELO_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
}

// The Transfer logs of `tokens` (address → { cryptoCurrency, decimals }) to an address of
// `accountOf(address)` ({ transactionId }), as facts.
function celoTransfers(hash, logs, { tokens, accountOf, confirmedAt }) {
  return logs.flatMap((log) => {
    const token = tokens.get(log.address.toLowerCase());
    if (!token || log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) return [];
    const to = getAddress(`0x${log.topics[2].slice(-40)}`);
    const account = accountOf(to);
    if (!account) return [];
    return [
      {
        blockchain: 'CELO',
        onChainTx: hash,
        transferIndex: log.index,
        cryptoCurrency: token.cryptoCurrency,
        asset: token.address,
        depositAddress: to,
        sender: getAddress(`0x${log.topics[1].slice(-40)}`),
        amount: tokenAmount(BigInt(log.data), token.decimals),
        memo: null,
        transactionId: account.transactionId,
        confirmedAt,
      },
    ];
  });
}

// `tokens`: [{ address, cryptoCurrency, decimals }]; `accountOf(address)` the transaction paid
// there; `cursor` the last block read (null: the head at start); `onCursor(value)` commits it.
export function watchCelo({ rpcUrl, tokens, accountOf, cursor, onTransfer, onCursor, onError }) {
  const provider = celoProvider(rpcUrl);
  const byAddress = new Map(tokens.map((token) => [token.address.toLowerCase(), token]));
  const confirmedHeight = async () =>
    Number(await provider.send('eth_blockNumber', [])) - CELO_CONFIRMATIONS + 1;
  const blockTime = async (height) =>
    new Date(Number((await provider.getBlock(height))?.timestamp ?? 0) * 1000).toISOString();
  let last = cursor;
  const pass = async () => {
    const confirmed = await confirmedHeight();
    last ??= confirmed;
    if (confirmed <= last) return;
    const logs = await provider.getLogs({
      fromBlock: last + 1,
      toBlock: confirmed,
      address: tokens.map(({ address }) => address),
      topics: [TRANSFER_TOPIC],
    });
    const byTransaction = new Map();
    for (const log of logs)
      byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);
    const times = new Map();
    for (const [hash, transactionLogs] of byTransaction) {
      const recipients = transactionLogs.map((log) => getAddress(`0x${log.topics[2]?.slice(-40) ?? ''}`));
      if (!recipients.some((recipient) => accountOf(recipient))) continue;
      const height = transactionLogs[0].blockNumber;
      if (!times.has(height)) times.set(height, await blockTime(height));
      const facts = celoTransfers(hash, transactionLogs, {
        tokens: byAddress,
        accountOf,
        confirmedAt: times.get(height),
      });
      for (const fact of facts) await onTransfer(fact, 'watcher');
    }
    const hash = (await provider.getBlock(confirmed))?.hash ?? '';
    await onCursor(`${confirmed}@${hash.slice(0, 18)}`);
    last = confirmed;
  };
  return {
    stop: every(WATCH_INTERVAL_MS, pass, onError),
    // The transfers `hash` made into our addresses (null: no receipt or not confirmed yet).
    verify: async (hash) => {
      const receipt = await provider.getTransactionReceipt(hash);
      if (!receipt || receipt.blockNumber > (await confirmedHeight())) return null;
      if (receipt.status !== 1) return [];
      const confirmedAt = await blockTime(receipt.blockNumber);
      return celoTransfers(hash, receipt.logs, { tokens: byAddress, accountOf, confirmedAt });
    },
  };
}

// Runs `pass` now and then `intervalMs` after each pass ends; answers a stop that awaits the
// pass in flight.
function every(intervalMs, pass, onError) {
  let stopped = false;
  let timer = null;
  let running = Promise.resolve();
  const run = () => {
    running = pass()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
