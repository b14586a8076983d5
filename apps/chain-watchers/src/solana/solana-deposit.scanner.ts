import { Injectable } from '@nestjs/common';
import { PublicKey } from '@solana/web3.js';
import type { DepositDetectedV1 } from '@shared/contracts';
import type { DepositAccountRef, DepositScan, DepositScanner } from '../core/chains/deposit-accounts.port.js';
import { SolanaRpc } from './solana-rpc.js';
import { solanaTransfers } from './solana-transfers.js';

const SIGNATURES_PER_ACCOUNT = 25;

// Solana has no query for "transfers to these owners over these slots": each watched owner has
// its token accounts of its mint listed, their latest signatures read, and those landed in the
// range read as POST /internal/verify reads them (same facts, same transfer indexes). Heights are
// slots at SOLANA_COMMITMENT.
@Injectable()
export class SolanaDepositScanner implements DepositScanner {
  readonly stream = 'solana:deposit-accounts';
  // A first start reads about as far back as Celo's (400 ms slots).
  readonly safeLookback = 60_000;
  // Every owner is read once per pass whatever the range, so a pass reads its range at once.
  readonly heightsPerRead = Number.MAX_SAFE_INTEGER;

  constructor(private readonly rpc: SolanaRpc) {}

  // One slot below the node's: a node may answer with the slot it is still filling (the sandbox
  // does), and a cursor on it would pass over the transactions that land in it.
  async confirmedHeight(): Promise<number> {
    return (await this.rpc.connection.getSlot(this.rpc.commitment)) - 1;
  }

  async transfersTo(scan: DepositScan): Promise<DepositDetectedV1[]> {
    const facts: DepositDetectedV1[] = [];
    for (const account of scan.accounts) facts.push(...(await this.transfersToOwner(account, scan)));
    return facts;
  }

  private async transfersToOwner(
    account: DepositAccountRef,
    { assets, from, to }: DepositScan,
  ): Promise<DepositDetectedV1[]> {
    const { connection, commitment } = this.rpc;
    const { value: tokenAccounts } = await connection.getTokenAccountsByOwner(
      new PublicKey(account.address),
      { mint: new PublicKey(account.asset) },
      commitment,
    );
    const ours = { addresses: [], assets, depositAccounts: [account.address] };
    const facts: DepositDetectedV1[] = [];
    for (const { pubkey } of tokenAccounts) {
      const signatures = await connection.getSignaturesForAddress(
        pubkey,
        { limit: SIGNATURES_PER_ACCOUNT },
        commitment,
      );
      // Oldest first, as they happened.
      for (const { signature, err, slot } of [...signatures].reverse()) {
        if (err || slot < from || slot > to) continue;
        const response = await connection.getTransaction(signature, {
          commitment,
          maxSupportedTransactionVersion: 0,
        });
        if (!response?.meta || response.meta.err !== null) continue;
        facts.push(...solanaTransfers(signature, response, ours, null));
      }
    }
    return facts;
  }
}
