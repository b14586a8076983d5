import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { RailLiquidityResponse } from '@shared/contracts';
import { RailLiquidityMonitor } from './rail-liquidity.monitor.js';

// quote-service learns what each rail can pay out (refreshed in the background, never per quote).
@ApiExcludeController()
@InternalAuth()
@Controller('internal/rail-liquidity')
export class InternalRailLiquidityController {
  constructor(private readonly monitor: RailLiquidityMonitor) {}

  @Get()
  list(): RailLiquidityResponse {
    return { rails: this.monitor.snapshot() };
  }
}
