import { Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@platform/http';
import { RailCallbackRequestDto } from './rail-callback.request.dto.js';
import { RailCallbacks } from './rail-callbacks.js';

// The rails' status callbacks (not routed by the gateway: the rails reach this service at
// RAIL_CALLBACK_BASE_URL). The secret in the path is the authentication; the body is only a hint
// to ask the rail now, so a forged callback cannot complete or fail anything.
@ApiExcludeController()
@Public()
@Controller('rail-callbacks')
export class RailCallbacksController {
  constructor(private readonly callbacks: RailCallbacks) {}

  @Post(':secret')
  @HttpCode(204)
  async receive(@Param('secret') secret: string, @Body() body: RailCallbackRequestDto): Promise<void> {
    if (!(await this.callbacks.receive(secret, body.reference))) throw new NotFoundException();
  }
}
