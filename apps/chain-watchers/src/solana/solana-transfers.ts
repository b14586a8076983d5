import {
  PublicKey,
  TransactionInstruction,
  type TokenBalance,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import {
  decodeTransferCheckedInstruction,
  decodeTransferInstruction,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenInstruction,
} from '@solana/spl-token';
import { Blockchain, CryptoCurrency, type DepositDetectedV1 } from '@shared/contracts';
import type { ChainView } from '../core/upstreams/chain-registry.js';
import { tokenAmount } from '../core/chains/token-amount.js';
import { decodeBase58 } from './base58.js';

const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

// The SPL Token and Token-2022 Transfer / TransferChecked instructions of a landed transaction
// (top level and inner, in execution order) that credit a token account owned by one of our
// deposit addresses (shared or per transaction) with an active mint. The mint and owners come from the token balances the
// node reports, so a plain Transfer (which names no mint) is checked too.
export function solanaTransfers(
  signature: string,
  response: VersionedTransactionResponse,
  chain: ChainView,
  transactionId: string | null,
): DepositDetectedV1[] {
  const meta = response.meta!;
  const keys = response.transaction.message.getAccountKeys({
    accountKeysFromLookups: meta.loadedAddresses ?? null,
  });
  const balances = [...(meta.postTokenBalances ?? []), ...(meta.preTokenBalances ?? [])];
  const balanceOf = (account: PublicKey): TokenBalance | undefined => {
    const index = keys.staticAccountKeys.findIndex((key) => key.equals(account));
    const resolved = index >= 0 ? index : lookupIndex(keys, account);
    return balances.find((balance) => balance.accountIndex === resolved);
  };
  const ours = new Set([...chain.addresses.map(({ address }) => address), ...(chain.depositAccounts ?? [])]);
  const confirmedAt = new Date((response.blockTime ?? 0) * 1000).toISOString();
  return flatten(response, keys).flatMap((instruction, transferIndex) => {
    const transfer = decodeTransfer(instruction);
    if (!transfer) return [];
    const destination = balanceOf(transfer.destination);
    if (!destination?.owner || !ours.has(destination.owner)) return [];
    if (transfer.mint && transfer.mint.toBase58() !== destination.mint) return [];
    const asset = chain.assets.find(({ mintAddress }) => mintAddress === destination.mint);
    if (!asset) return [];
    if (transfer.decimals !== null && transfer.decimals !== asset.decimals) return [];
    const sender = balanceOf(transfer.source)?.owner ?? transfer.authority.toBase58();
    return [
      {
        blockchain: Blockchain.SOLANA,
        onChainTx: signature,
        transferIndex,
        cryptoCurrency: asset.cryptoCurrency as CryptoCurrency,
        asset: asset.mintAddress,
        depositAddress: destination.owner,
        sender,
        amount: tokenAmount(transfer.amount, asset.decimals),
        memo: null,
        transactionId,
        confirmedAt,
      },
    ];
  });
}

interface DecodedTransfer {
  readonly source: PublicKey;
  readonly destination: PublicKey;
  readonly authority: PublicKey;
  readonly mint: PublicKey | null;
  readonly decimals: number | null;
  readonly amount: bigint;
}

function decodeTransfer(instruction: TransactionInstruction): DecodedTransfer | null {
  const programId = TOKEN_PROGRAMS.find((program) => program.equals(instruction.programId));
  if (!programId) return null;
  try {
    switch (instruction.data[0]) {
      case TokenInstruction.Transfer: {
        const { keys, data } = decodeTransferInstruction(instruction, programId);
        return {
          source: keys.source.pubkey,
          destination: keys.destination.pubkey,
          authority: keys.owner.pubkey,
          mint: null,
          decimals: null,
          amount: data.amount,
        };
      }
      case TokenInstruction.TransferChecked: {
        const { keys, data } = decodeTransferCheckedInstruction(instruction, programId);
        return {
          source: keys.source.pubkey,
          destination: keys.destination.pubkey,
          authority: keys.owner.pubkey,
          mint: keys.mint.pubkey,
          decimals: data.decimals,
          amount: data.amount,
        };
      }
      default:
        return null;
    }
  } catch {
    // Not a well-formed transfer (too few accounts, short data): the program rejected it too.
    return null;
  }
}

type AccountKeys = ReturnType<VersionedTransactionResponse['transaction']['message']['getAccountKeys']>;

function lookupIndex(keys: AccountKeys, account: PublicKey): number {
  for (let index = keys.staticAccountKeys.length; index < keys.length; index += 1)
    if (keys.get(index)?.equals(account)) return index;
  return -1;
}

// Top-level instructions, each followed by the inner instructions it invoked.
function flatten(response: VersionedTransactionResponse, keys: AccountKeys): TransactionInstruction[] {
  const message = response.transaction.message;
  const inner = response.meta?.innerInstructions ?? [];
  const toInstruction = (programIdIndex: number, accounts: readonly number[], data: Uint8Array) =>
    new TransactionInstruction({
      programId: keys.get(programIdIndex)!,
      keys: accounts.map((index) => ({
        pubkey: keys.get(index)!,
        isSigner: message.isAccountSigner(index),
        isWritable: message.isAccountWritable(index),
      })),
      data: Buffer.from(data),
    });
  return message.compiledInstructions.flatMap((instruction, index) => [
    toInstruction(instruction.programIdIndex, instruction.accountKeyIndexes, instruction.data),
    ...(inner.find((entry) => entry.index === index)?.instructions ?? []).map((compiled) =>
      toInstruction(compiled.programIdIndex, compiled.accounts, decodeBase58(compiled.data)),
    ),
  ]);
}

// Every token account owner the transaction's balances name: the candidates for "ours".
export function solanaTokenOwners(response: VersionedTransactionResponse): string[] {
  const balances = [...(response.meta?.postTokenBalances ?? []), ...(response.meta?.preTokenBalances ?? [])];
  return [...new Set(balances.flatMap(({ owner }) => (owner ? [owner] : [])))];
}
