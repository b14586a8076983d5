import { Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { KycCiphers } from './crypto/kyc-ciphers.js';
import { ClamdScanner } from './documents/clamd-scanner.js';
import { DocumentStorage } from './documents/document-storage.js';
import { DocumentVault } from './documents/document-vault.js';
import { LocalDirectoryDocumentStorage } from './documents/local-directory-document-storage.js';
import { MalwareScanner } from './documents/malware-scanner.js';
import { KycServiceConfig } from './kyc-service.config.js';
import { GetKycStatusUseCase } from './submissions/get-kyc-status.use-case.js';
import { InternalKycController } from './submissions/internal-kyc.controller.js';
import { KycSubmissionsRepository } from './submissions/kyc-submissions.repository.js';
import { KycController } from './submissions/kyc.controller.js';
import { SubmitKycUseCase } from './submissions/submit-kyc.use-case.js';

@Module({
  controllers: [KycController, InternalKycController],
  providers: [
    {
      provide: KycCiphers,
      inject: [KycServiceConfig],
      useFactory: (config: KycServiceConfig) => new KycCiphers(config.KYC_ENCRYPTION_KEY),
    },
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
    KycSubmissionsRepository,
    SubmitKycUseCase,
    GetKycStatusUseCase,
  ],
})
export class KycServiceModule {}
