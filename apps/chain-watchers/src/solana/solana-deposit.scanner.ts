import { Injectable } from '@nestjs/common';
import { PublicKey } from '@solana/web3.js';
import type { DepositDetectedV1 } from '@shared/contracts';
import type { AccountScan, AccountScanner, DepositAccountRef } from '../core/chains/deposit-accounts.port.js';
import { SolanaRpc } from './solana-rpc.js';
import { solanaTransfers } from './solana-transfers.js';

const SIGNATURES_PER_ACCOUNT = 25;

// Solana has no query for "transfers to these owners over these slots", and a transaction reaches
// SOLANA_COMMITMENT some time after its slot: each owner the watcher names has its token accounts
// of its mint listed, and their latest signatures at that commitment that gave it no recorded
// transfer yet read as POST /internal/verify reads them (same facts, same transfer indexes).
@Injectable()
export class SolanaDepositScanner implements AccountScanner {
  readonly reads = 'accounts';

  constructor(private readonly rpc: SolanaRpc) {}

  async transfersTo(scan: AccountScan): Promise<DepositDetectedV1[]> {
    const facts: DepositDetectedV1[] = [];
    for (const account of scan.accounts) facts.push(...(await this.transfersToOwner(account, scan)));
    return facts;
  }

  private async transfersToOwner(
    account: DepositAccountRef,
    { assets, recordedAmong }: AccountScan,
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
      const recorded = await recordedAmong(
        account.address,
        signatures.map(({ signature }) => signature),
      );
      // Oldest first, as they happened.
      for (const { signature, err } of [...signatures].reverse()) {
        if (err || recorded.has(signature)) continue;
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
