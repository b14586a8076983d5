import { Module } from '@nestjs/common';
import { KycCiphers } from './crypto/kyc-ciphers.js';
import { DocumentStorage } from './documents/document-storage.js';
import { DocumentVault } from './documents/document-vault.js';
import { LocalDirectoryDocumentStorage } from './documents/local-directory-document-storage.js';
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
    DocumentVault,
    KycSubmissionsRepository,
    SubmitKycUseCase,
    GetKycStatusUseCase,
  ],
})
export class KycServiceModule {}
