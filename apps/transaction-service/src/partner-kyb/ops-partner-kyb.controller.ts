import { Body, Controller, Get, Headers, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { decimal } from '@payout/money';
import { OpsAuth } from '@platform/http';
import { Clock, IdGenerator, actorOf } from '@shared/util';
import { ListPartnerSettingAuditRequestDto } from '../core/http/partner-setting-audit.dto.js';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { PartnerKybAuditResponseDto } from './partner-kyb-audit.dto.js';
import type { PartnerKybEntity } from './partner-kyb.entity.js';
import { PartnerKybRepository } from './partner-kyb.repository.js';
import { PartnerKybListResponseDto, PartnerKybResponseDto } from './partner-kyb.response.dto.js';
import { SetPartnerKybRequestDto } from './set-partner-kyb.request.dto.js';

// Operators set a partner's business verification (KYB) status (npm run cli -- kyb set …,
// or the web console); who set it last and when is kept with it, and each change is recorded in
// the KYB audit log (GET /ops/partner-kyb/audit) under the X-Operator header (else "ops").
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/partner-kyb')
export class OpsPartnerKybController {
  constructor(
    private readonly kyb: PartnerKybRepository,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  @Get()
  @ApiOkResponse({ type: PartnerKybListResponseDto })
  async list(): Promise<PartnerKybListResponseDto> {
    return { partners: (await this.kyb.list()).map((entry) => this.view(entry.partnerId, entry)) };
  }

  // Declared before `:partnerId` so "audit" is never read as a partner id.
  @Get('audit')
  @ApiOkResponse({ type: PartnerKybAuditResponseDto, description: 'KYB changes, newest first' })
  async audit(
    @Query() { page, pageSize }: ListPartnerSettingAuditRequestDto,
  ): Promise<PartnerKybAuditResponseDto> {
    const [entries, total] = await this.kyb.auditPage(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map(({ occurredAt, pendingLimit, ...entry }) => ({
        ...entry,
        // The column's scale pads with zeros; shown as the operator typed it.
        pendingLimit: pendingLimit === null ? null : decimal(pendingLimit).toFixed(),
        occurredAt: occurredAt.toISOString(),
      })),
    };
  }

  @Get(':partnerId')
  @ApiOkResponse({ type: PartnerKybResponseDto })
  async get(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<PartnerKybResponseDto> {
    return this.view(partnerId, await this.kyb.find(partnerId));
  }

  @Put(':partnerId')
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
  @ApiOkResponse({ type: PartnerKybResponseDto })
  async set(
    @Headers('x-operator') operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetPartnerKybRequestDto,
  ): Promise<PartnerKybResponseDto> {
    const entry: PartnerKybEntity = {
      partnerId,
      status: body.status,
      pendingLimit: body.pendingLimit ?? null,
      updatedBy: actorOf(operator),
      updatedAt: this.clock.now(),
    };
    await this.kyb.save(entry, this.ids.uuid());
    return this.view(partnerId, entry);
  }

  private view(partnerId: string, entry: PartnerKybEntity | null): PartnerKybResponseDto {
    return {
      partnerId,
      status: entry?.status ?? 'approved',
      // The column's scale pads with zeros; shown as the operator typed it.
      pendingLimit: decimal(entry?.pendingLimit ?? this.config.KYB_PENDING_LIMIT).toFixed(),
      updatedBy: entry?.updatedBy ?? null,
      updatedAt: entry?.updatedAt.toISOString() ?? null,
    };
  }
}
