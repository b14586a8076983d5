import { Controller, Delete, Get, NotFoundException, Param, ParseIntPipe } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { RealmsRepository } from '../realms/realms.repository.js';
import { RealmExportsService } from './realm-exports.service.js';

// The operator's view of a realm's data exports (the CLI's `chat export list|delete`).
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/chat/realms/:realmId/exports')
export class OpsRealmExportsController {
  constructor(
    private readonly exports: RealmExportsService,
    private readonly realms: RealmsRepository,
  ) {}

  @Get()
  async list(@Param('realmId', ParseIntPipe) realmId: number) {
    return this.exports.list(await this.realm(realmId));
  }

  @Delete(':exportId')
  async delete(
    @Param('realmId', ParseIntPipe) realmId: number,
    @Param('exportId', ParseIntPipe) exportId: number,
  ) {
    return this.exports.delete(await this.realm(realmId), exportId);
  }

  private async realm(id: number) {
    const realm = await this.realms.findById(id);
    if (!realm) throw new NotFoundException('No such realm');
    return realm;
  }
}
