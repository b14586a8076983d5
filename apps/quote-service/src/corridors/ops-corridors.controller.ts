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
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import {
  ActivateAssetRequestDto,
  MarkUnsupportedRequestDto,
  UpdateFlowRequestDto,
} from './corridor-admin.request.dto.js';
import { CorridorAdministration } from './corridor-administration.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/corridors')
export class OpsCorridorsController {
  constructor(private readonly administration: CorridorAdministration) {}

  @Get()
  snapshot() {
    return this.administration.snapshot();
  }

  @Patch('flows/:flowId')
  updateFlow(@Param('flowId', ParseUUIDPipe) flowId: string, @Body() body: UpdateFlowRequestDto) {
    return this.administration.updateFlow(flowId, body);
  }

  @Put('assets')
  activateAsset(@Body() body: ActivateAssetRequestDto) {
    return this.administration.activateAsset(body);
  }

  @Post('unsupported')
  markUnsupported(@Body() { reason, ...route }: MarkUnsupportedRequestDto) {
    return this.administration.markUnsupported(route, reason);
  }

  @Delete('unsupported/:id')
  @HttpCode(204)
  async restore(@Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.administration.restore(id);
  }
}
