import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import {
  ActivateAssetRequestDto,
  MarkUnsupportedRequestDto,
  UpdateFlowRequestDto,
} from './corridor-admin.request.dto.js';
import { CorridorAdministration } from './corridor-administration.js';
import {
  CorridorAssetResponseDto,
  CorridorFlowResponseDto,
  CorridorSnapshotResponseDto,
  UnsupportedRouteResponseDto,
} from './ops-corridors.response.dto.js';
import { QuoteErrorResponseDto } from '../quotes/quote.response.dto.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/corridors')
export class OpsCorridorsController {
  constructor(private readonly administration: CorridorAdministration) {}

  @Get()
  @ApiOkResponse({ type: CorridorSnapshotResponseDto })
  snapshot() {
    return this.administration.snapshot();
  }

  @Patch('flows/:flowId')
  @ApiOkResponse({ type: CorridorFlowResponseDto, description: 'The flow as changed' })
  @ApiNotFoundResponse({ type: QuoteErrorResponseDto, description: '`corridor_not_found`' })
  updateFlow(@Param('flowId', ParseUUIDPipe) flowId: string, @Body() body: UpdateFlowRequestDto) {
    return this.administration.updateFlow(flowId, body);
  }

  @Put('assets')
  @ApiOkResponse({ type: CorridorAssetResponseDto, description: 'The now active mint' })
  activateAsset(@Body() body: ActivateAssetRequestDto) {
    return this.administration.activateAsset(body);
  }

  @Post('unsupported')
  @ApiCreatedResponse({ type: UnsupportedRouteResponseDto })
  markUnsupported(@Body() { reason, ...route }: MarkUnsupportedRequestDto) {
    return this.administration.markUnsupported(route, reason);
  }

  @Delete('unsupported/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Restored' })
  @ApiNotFoundResponse({ type: QuoteErrorResponseDto, description: '`corridor_not_found`' })
  async restore(@Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.administration.restore(id);
  }
}
