import { Module } from '@nestjs/common';
import { InternalRailLiquidityController } from './internal-rail-liquidity.controller.js';
import { RailLiquidityMonitor } from './rail-liquidity.monitor.js';

// What each rail can pay out: watched in the background, on /metrics, and answered to
// quote-service, which refuses payout quotes above it.
@Module({
  controllers: [InternalRailLiquidityController],
  providers: [RailLiquidityMonitor],
})
export class RailLiquidityModule {}
