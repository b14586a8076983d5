import { hkdfSync } from 'node:crypto';
import { AesGcmCipher } from '@shared/util';

// One purpose label per key, so a document key can never open a PII column and vice versa.
const DOCUMENT_KEY_LABEL = 'kyc-service/document-encryption/v1';
const PII_KEY_LABEL = 'kyc-service/pii-column-encryption/v1';

// The ciphers derived from KYC_ENCRYPTION_KEY (base64 of 32 random bytes) with HKDF-SHA256. The
// master key itself never encrypts anything.
export class KycCiphers {
  readonly documents: AesGcmCipher;
  readonly pii: AesGcmCipher;

  constructor(masterKeyBase64: string) {
    const master = Buffer.from(masterKeyBase64, 'base64');
    if (master.length !== 32) throw new Error('KYC_ENCRYPTION_KEY must be 32 bytes');
    this.documents = new AesGcmCipher(derive(master, DOCUMENT_KEY_LABEL));
    this.pii = new AesGcmCipher(derive(master, PII_KEY_LABEL));
  }
}

function derive(master: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}
