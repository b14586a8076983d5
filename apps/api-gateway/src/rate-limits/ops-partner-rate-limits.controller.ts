import { Body, Controller, Delete, Get, Headers, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth, PageNumber, PageSize } from '@platform/http';
import { actorOf } from '@shared/util';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { PartnerError, PartnerErrorCode } from '../partners/partners.errors.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import { UuidParam } from '../partners/uuid-param.js';
import { PartnerRateLimitBook } from './partner-rate-limit.book.js';
import { PartnerRateLimitsRepository } from './partner-rate-limits.repository.js';
import {
  PartnerRateLimitAuditResponseDto,
  PartnerRateLimitsResponseDto,
} from './partner-rate-limits.response.dto.js';
import { ROUTE_CLASSES } from './route-class.js';
import {
  ClearPartnerRateLimitRequestDto,
  SetPartnerRateLimitRequestDto,
} from './set-partner-rate-limit.request.dto.js';
import { SetPartnerRateLimitUseCase } from './set-partner-rate-limit.use-case.js';

const OPERATOR = 'x-operator';
const PARTNER_NOT_FOUND = { type: GatewayErrorResponseDto, description: '`partner_not_found`' };

class AuditPageRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

// Operators read and set a partner's rate limits (npm run cli -- rate-limit …, or the web
// console); each change is recorded in the rate-limit audit log under the X-Operator header
// (else "ops") and applies on every replica within RATE_LIMIT_OVERRIDES_REFRESH_MS.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops')
export class OpsPartnerRateLimitsController {
  constructor(
    private readonly setLimit: SetPartnerRateLimitUseCase,
    private readonly book: PartnerRateLimitBook,
    private readonly partners: PartnersRepository,
    private readonly limits: PartnerRateLimitsRepository,
  ) {}

  @Get('rate-limits/audit')
  @ApiOkResponse({ type: PartnerRateLimitAuditResponseDto, description: 'Rate-limit changes, newest first' })
  async audit(@Query() { page, pageSize }: AuditPageRequestDto): Promise<PartnerRateLimitAuditResponseDto> {
    const [entries, total] = await this.limits.auditPage(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map(({ occurredAt, ...entry }) => ({
        ...entry,
        occurredAt: occurredAt.toISOString(),
      })),
    };
  }

  @Get('partners/:partnerId/rate-limits')
  @UuidParam('partnerId')
  @ApiOkResponse({ type: PartnerRateLimitsResponseDto })
  @ApiNotFoundResponse(PARTNER_NOT_FOUND)
  async get(@Param('partnerId', ParseUUIDPipe) partnerId: string): Promise<PartnerRateLimitsResponseDto> {
    if (!(await this.partners.findPartner(partnerId)))
      throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
    return this.view(partnerId);
  }

  @Put('partners/:partnerId/rate-limits')
  @UuidParam('partnerId')
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
  @ApiOkResponse({ type: PartnerRateLimitsResponseDto, description: "The partner's limits after the change" })
  @ApiNotFoundResponse(PARTNER_NOT_FOUND)
  async set(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Body() body: SetPartnerRateLimitRequestDto,
  ): Promise<PartnerRateLimitsResponseDto> {
    const windowSeconds = body.windowSeconds ?? this.book.defaults[body.class].windowSeconds;
    await this.setLimit.execute(actorOf(operator), partnerId, {
      routeClass: body.class,
      policy: { limit: body.limit, windowSeconds },
    });
    return this.view(partnerId);
  }

  @Delete('partners/:partnerId/rate-limits')
  @UuidParam('partnerId')
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
  @ApiOkResponse({ type: PartnerRateLimitsResponseDto, description: "The partner's limits after the change" })
  @ApiNotFoundResponse(PARTNER_NOT_FOUND)
  async clear(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('partnerId', ParseUUIDPipe) partnerId: string,
    @Query() query: ClearPartnerRateLimitRequestDto,
  ): Promise<PartnerRateLimitsResponseDto> {
    const change = query.class
      ? { routeClass: query.class, policy: null }
      : { routeClass: 'all' as const, policy: null };
    await this.setLimit.execute(actorOf(operator), partnerId, change);
    return this.view(partnerId);
  }

  private view(partnerId: string): PartnerRateLimitsResponseDto {
    const overrides = this.book.overridesOf(partnerId);
    return {
      partnerId,
      limits: ROUTE_CLASSES.map((routeClass) => {
        const override = overrides.get(routeClass);
        const { limit, windowSeconds } = override ?? this.book.defaults[routeClass];
        return { class: routeClass, limit, windowSeconds, source: override ? 'override' : 'default' };
      }),
    };
  }
}
