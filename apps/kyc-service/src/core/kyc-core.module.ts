import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { KycCiphers } from './crypto/kyc-ciphers.js';
import { kycSchemaHistory } from './database/migrations/migrations.js';
import { KycServiceConfig } from './kyc-service.config.js';

// What every feature stands on: the ciphers derived from KYC_ENCRYPTION_KEY (documents and
// personal data columns are sealed with them), and the schema history up to the feature modules.
@Global()
@OwnsTables({ migrations: kycSchemaHistory })
@Module({
  providers: [
    {
      provide: KycCiphers,
      inject: [KycServiceConfig],
      useFactory: (config: KycServiceConfig) => new KycCiphers(config.KYC_ENCRYPTION_KEY),
    },
  ],
  exports: [KycCiphers],
})
export class KycCoreModule {}
