import { Module } from '@nestjs/common';
import { RailLiquidityBook } from './rail-liquidity.book.js';

// What each rail can pay out, read from transaction-service in the background.
@Module({
  providers: [RailLiquidityBook],
  exports: [RailLiquidityBook],
})
export class RailLiquidityModule {}
