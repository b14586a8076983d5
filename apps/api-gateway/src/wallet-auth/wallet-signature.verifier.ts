import type { ChainFamily } from '@payout/rails';

// `malformed`: the signature is not in an encoding this chain accepts (the client's bug);
// `invalid`: well formed, but not this address's signature of this message.
export type SignatureCheck = 'valid' | 'invalid' | 'malformed';

export interface WalletSignatureVerifier {
  readonly chainFamily: ChainFamily;
  // Shown to the client when a signature is malformed.
  readonly expectedEncoding: string;
  verify(address: string, message: string, signature: string): SignatureCheck;
}
