import { Injectable } from '@nestjs/common';
import { hkdfSync } from 'node:crypto';
import { AesGcmCipher } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';

// One purpose label per derived key: the configured key itself encrypts nothing.
const KEY_LABEL = 'transaction-service/recipient-pii/v1';

export type SealedField = 'account_number' | 'qr_code' | 'tax_id';

// The recipient's personal data (account key, QR code, tax id) is sealed with AES-256-GCM on the
// way into the table and opened on the way out. Each value is bound to its transaction and
// column, so a sealed value copied to another row or column does not open.
@Injectable()
export class RecipientVault {
  private readonly cipher: AesGcmCipher;

  constructor(config: TransactionServiceConfig) {
    const master = Buffer.from(config.TRANSACTION_PII_KEY, 'base64');
    this.cipher = new AesGcmCipher(Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), KEY_LABEL, 32)));
  }

  seal(transactionId: string, field: SealedField, value: string | null): Buffer | null {
    return value === null ? null : this.cipher.seal(Buffer.from(value, 'utf8'), label(transactionId, field));
  }

  open(transactionId: string, field: SealedField, sealed: Buffer | null): string | null {
    return sealed === null ? null : this.cipher.open(sealed, label(transactionId, field)).toString('utf8');
  }
}

function label(transactionId: string, field: SealedField): string {
  return `transaction:${transactionId}:${field}`;
}
