import { Injectable } from '@nestjs/common';
import type { ChainFamily } from '@payout/rails';
import { EvmSignatureVerifier } from './evm-signature.verifier.js';
import { SolanaSignatureVerifier } from './solana-signature.verifier.js';
import { StellarSignatureVerifier } from './stellar-signature.verifier.js';
import type { WalletSignatureVerifier } from './wallet-signature.verifier.js';

// The verifier of each chain family's signing scheme.
@Injectable()
export class WalletSignatureVerifiers {
  private readonly stellar = new StellarSignatureVerifier();
  private readonly solana = new SolanaSignatureVerifier();
  private readonly evm = new EvmSignatureVerifier();

  for(chainFamily: ChainFamily): WalletSignatureVerifier {
    switch (chainFamily) {
      case 'stellar':
        return this.stellar;
      case 'solana':
        return this.solana;
      case 'evm':
        return this.evm;
    }
  }
}
