import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { MessagesModule } from '../messages/messages.module.js';
import { RealmsModule } from '../realms/realms.module.js';
import { UserSettingsModule } from '../user-settings/user-settings.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UsersModule } from '../users/users.module.js';
import { DirectoryExportStorage } from './directory-export-storage.js';
import { ExportArchiveBuilder } from './export-archive.builder.js';
import { ExportDataQuery } from './export-data.query.js';
import { ExportStorage } from './export-storage.js';
import { FeatureTablesQuery } from './feature-tables.query.js';
import { OpsRealmImportsController } from './import/ops-realm-imports.controller.js';
import { RealmImportRepository } from './import/realm-import.repository.js';
import { RealmImporter } from './import/realm-importer.js';
import { realmExportsMigrations } from './migrations/migrations.js';
import { OpsRealmExportsController } from './ops-realm-exports.controller.js';
import { RealmExportDownloadController } from './realm-export-download.controller.js';
import { RealmExportDownload } from './realm-export.download.js';
import { RealmExportEntity } from './realm-export.entity.js';
import { RealmExportEvents } from './realm-export.events.js';
import { RealmExportMetrics } from './realm-export.metrics.js';
import { RealmExportRunner } from './realm-export.runner.js';
import { RealmExportWorker } from './realm-export.worker.js';
import { RealmExportsController } from './realm-exports.controller.js';
import { RealmExportsRepository } from './realm-exports.repository.js';
import { RealmExportsService } from './realm-exports.service.js';

@OwnsTables({ entities: [RealmExportEntity], migrations: realmExportsMigrations })
@Module({
  imports: [MessagesModule, RealmsModule, UploadsModule, UserSettingsModule, UsersModule],
  controllers: [
    RealmExportsController,
    RealmExportDownloadController,
    OpsRealmExportsController,
    OpsRealmImportsController,
  ],
  providers: [
    {
      provide: ExportStorage,
      inject: [ChatApiConfig],
      useFactory: (config: ChatApiConfig) => new DirectoryExportStorage(config.CHAT_EXPORT_DIR),
    },
    ExportArchiveBuilder,
    ExportDataQuery,
    FeatureTablesQuery,
    RealmExportDownload,
    RealmExportEvents,
    RealmExportMetrics,
    RealmExportRunner,
    RealmExportWorker,
    RealmImportRepository,
    RealmImporter,
    RealmExportsRepository,
    RealmExportsService,
  ],
})
export class RealmExportsModule {}
