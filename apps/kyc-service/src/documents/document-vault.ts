import { Injectable } from '@nestjs/common';
import { KycCiphers } from '../core/crypto/kyc-ciphers.js';
import { DocumentStorage } from './document-storage.js';

// Encrypts documents before they reach storage and decrypts them on the way back. The storage
// key is bound into the ciphertext, so a document copied under another key does not open.
@Injectable()
export class DocumentVault {
  constructor(
    private readonly storage: DocumentStorage,
    private readonly ciphers: KycCiphers,
  ) {}

  async store(key: string, plaintext: Buffer): Promise<void> {
    await this.storage.put(key, this.ciphers.documents.seal(plaintext, documentLabel(key)));
  }

  // For reviewers' tooling; no route returns a document.
  async read(key: string): Promise<Buffer> {
    return this.ciphers.documents.open(await this.storage.get(key), documentLabel(key));
  }

  discard(key: string): Promise<void> {
    return this.storage.remove(key);
  }
}

const documentLabel = (key: string) => `kyc-document:${key}`;
