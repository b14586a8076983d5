import { Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { KycServiceConfig } from '../core/kyc-service.config.js';
import { ClamdScanner } from './clamd-scanner.js';
import { DocumentStorage } from './document-storage.js';
import { DocumentVault } from './document-vault.js';
import { LocalDirectoryDocumentStorage } from './local-directory-document-storage.js';
import { MalwareScanner } from './malware-scanner.js';

// Identity documents: scanned for malware, kept encrypted in the configured storage. Exports the
// vault and the scanner (null where none is configured).
@Module({
  providers: [
    // An S3-compatible adapter would be chosen here, by config.
    {
      provide: DocumentStorage,
      inject: [KycServiceConfig],
      useFactory: (config: KycServiceConfig) => new LocalDirectoryDocumentStorage(config.KYC_STORAGE_DIR),
    },
    // No scanner unless one is configured; the boot log says which.
    {
      provide: MalwareScanner,
      inject: [KycServiceConfig, LOGGER],
      useFactory: (config: KycServiceConfig, logger: Logger): MalwareScanner | null => {
        const address = config.KYC_CLAMD_ADDRESS;
        if (!address) {
          logger.warn('no malware scanner (KYC_CLAMD_ADDRESS is not set): KYC documents are kept unscanned');
          return null;
        }
        logger.info({ clamd: address }, 'KYC documents are scanned for malware by clamd');
        return new ClamdScanner(address, config.KYC_CLAMD_TIMEOUT_MS, logger);
      },
    },
    DocumentVault,
  ],
  exports: [DocumentVault, MalwareScanner],
})
export class DocumentsModule {}
