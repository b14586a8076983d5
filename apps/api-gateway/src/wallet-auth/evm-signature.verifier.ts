import { verifyMessage } from 'ethers';
import type { SignatureCheck, WalletSignatureVerifier } from './wallet-signature.verifier.js';

// 65-byte r‖s‖v, or the 64-byte EIP-2098 compact form.
const HEX_SIGNATURE = /^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

// personal_sign (EIP-191): the signer recovered from the signature must be the address. Contract
// wallets (EIP-1271) would need a chain call, which the gateway does not make.
export class EvmSignatureVerifier implements WalletSignatureVerifier {
  readonly chainFamily = 'evm' as const;
  readonly expectedEncoding = 'a 0x-prefixed hex personal_sign signature (65 bytes)';

  verify(address: string, message: string, signature: string): SignatureCheck {
    if (!HEX_SIGNATURE.test(signature)) return 'malformed';
    try {
      return verifyMessage(message, signature).toLowerCase() === address.toLowerCase() ? 'valid' : 'invalid';
    } catch {
      // Well-formed hex that is no point on the curve (bad v, s out of range) signs nothing.
      return 'invalid';
    }
  }
}
