import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import {
  ActivateAssetRequestDto,
  MarkUnsupportedRequestDto,
  RailPathDto,
  SetRailCapsRequestDto,
  UpdateFlowRequestDto,
} from './corridor-admin.request.dto.js';
import { CorridorAdministration } from './corridor-administration.js';
import { CorridorAuditResponseDto, ListCorridorAuditRequestDto } from './corridor-audit.dto.js';
import { CorridorAuditsRepository } from './corridor-audits.repository.js';
import {
  CorridorAssetResponseDto,
  CorridorFlowResponseDto,
  CorridorSnapshotResponseDto,
  RailCapsListResponseDto,
  RailCapsResponseDto,
  UnsupportedRouteResponseDto,
} from './ops-corridors.response.dto.js';
import { RailCapsRepository } from '../rail-caps/rail-caps.repository.js';
import { opsRailCapsView } from '../rail-caps/rail-caps.view.js';
import { QuoteErrorResponseDto } from '../core/errors/quote-error.response.dto.js';

const OPERATOR = 'x-operator';

// Every change is recorded in the corridor audit log under the operator the X-Operator header
// names (else "ops").
@ApiTags('Operations')
@ApiSecurity('opsKey')
@ApiHeader({ name: 'X-Operator', required: false, description: 'Who makes the change (audit log)' })
@OpsAuth()
@Controller('ops/corridors')
export class OpsCorridorsController {
  constructor(
    private readonly administration: CorridorAdministration,
    private readonly audits: CorridorAuditsRepository,
    private readonly railCaps: RailCapsRepository,
  ) {}

  @Get()
  @ApiOkResponse({ type: CorridorSnapshotResponseDto })
  snapshot() {
    return this.administration.snapshot();
  }

  @Patch('flows/:flowId')
  @ApiOkResponse({ type: CorridorFlowResponseDto, description: 'The flow as changed' })
  @ApiNotFoundResponse({ type: QuoteErrorResponseDto, description: '`corridor_not_found`' })
  updateFlow(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('flowId', ParseUUIDPipe) flowId: string,
    @Body() body: UpdateFlowRequestDto,
  ) {
    return this.administration.updateFlow(actorOf(operator), flowId, body);
  }

  @Put('assets')
  @ApiOkResponse({ type: CorridorAssetResponseDto, description: 'The now active mint' })
  activateAsset(@Headers(OPERATOR) operator: string | undefined, @Body() body: ActivateAssetRequestDto) {
    return this.administration.activateAsset(actorOf(operator), body);
  }

  @Post('unsupported')
  @ApiCreatedResponse({ type: UnsupportedRouteResponseDto })
  markUnsupported(
    @Headers(OPERATOR) operator: string | undefined,
    @Body() { reason, ...route }: MarkUnsupportedRequestDto,
  ) {
    return this.administration.markUnsupported(actorOf(operator), route, reason);
  }

  @Delete('unsupported/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Restored' })
  @ApiNotFoundResponse({ type: QuoteErrorResponseDto, description: '`corridor_not_found`' })
  async restore(
    @Headers(OPERATOR) operator: string | undefined,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<void> {
    await this.administration.restore(actorOf(operator), id);
  }

  @Get('caps')
  @ApiOkResponse({ type: RailCapsListResponseDto, description: "Each rail's payout caps" })
  async caps(): Promise<RailCapsListResponseDto> {
    return { caps: (await this.railCaps.all()).map(opsRailCapsView) };
  }

  @Put('caps/:paymentMethod/:targetCurrency')
  @ApiOkResponse({
    type: RailCapsResponseDto,
    description:
      "The rail's caps as set, enforced from the next accept. Daily caps count the calendar day in the rail's country: America/Bogota for BREB (COP), America/Sao_Paulo for PIX (BRL)",
  })
  @ApiNotFoundResponse({ type: QuoteErrorResponseDto, description: '`corridor_not_found`: no such rail' })
  async setCaps(
    @Headers(OPERATOR) operator: string | undefined,
    @Param() rail: RailPathDto,
    @Body() body: SetRailCapsRequestDto,
  ): Promise<RailCapsResponseDto> {
    return opsRailCapsView(await this.administration.setRailCaps(actorOf(operator), rail, body));
  }

  @Get('audit')
  @ApiOkResponse({ type: CorridorAuditResponseDto, description: 'Changes to the catalogue, newest first' })
  async audit(@Query() { limit }: ListCorridorAuditRequestDto): Promise<CorridorAuditResponseDto> {
    const entries = await this.audits.latest(limit);
    return {
      entries: entries.map(({ occurredAt, ...entry }) => ({
        ...entry,
        occurredAt: occurredAt.toISOString(),
      })),
    };
  }
}
