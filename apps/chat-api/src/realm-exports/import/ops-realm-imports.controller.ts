import { BadRequestException, Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OpsAuth } from '@platform/http';
import { requestOrigin } from '../../core/http/request-host.js';
import { ImportArchiveError } from './import-archive.error.js';
import { RealmImporter } from './realm-importer.js';

const HOST_NAME = /^[a-z0-9]([a-z0-9.-]{0,253}[a-z0-9])?$/i;

// The operator's import of an export archive (`npm run cli -- chat realm import <archive>`): the
// request body is the .tar.gz itself, streamed to disk as it arrives.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/chat/realm-imports')
export class OpsRealmImportsController {
  constructor(private readonly importer: RealmImporter) {}

  @Post()
  @HttpCode(201)
  @ApiQuery({
    name: 'host',
    required: false,
    description: "The new realm's host (string_id: its first label)",
  })
  async import(@Req() request: Request, @Query('host') host?: string) {
    if (host !== undefined && !HOST_NAME.test(host))
      throw new BadRequestException('host must be a host name');
    try {
      return await this.importer.import(request, {
        host: host?.toLowerCase() ?? null,
        origin: requestOrigin(request),
      });
    } catch (error) {
      if (error instanceof ImportArchiveError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
