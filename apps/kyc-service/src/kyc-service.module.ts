import { Module } from '@nestjs/common';
import { KycCoreModule } from './core/kyc-core.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { SubmissionsModule } from './submissions/submissions.module.js';

// kyc-service: the core, then one module per feature. Adding a feature is its folder and one line
// here; its routes and tables are found from its module.
@Module({
  imports: [KycCoreModule, DocumentsModule, SubmissionsModule],
})
export class KycServiceModule {}
