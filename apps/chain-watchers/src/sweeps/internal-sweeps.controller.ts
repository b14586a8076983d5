import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import { ListSweepsRequestDto } from './list-sweeps.request.dto.js';
import { SweepWorker } from './sweep-worker.js';
import { SweepsRepository, type SweepRecord } from './sweeps.repository.js';

// For operations (and the suites): what was swept, what it cost, and a pass now instead of at
// the next SWEEP_INTERVAL_MS.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/sweeps')
export class InternalSweepsController {
  constructor(
    private readonly sweeps: SweepsRepository,
    private readonly worker: SweepWorker,
  ) {}

  @Get()
  async list(@Query() query: ListSweepsRequestDto): Promise<{ sweeps: SweepRecord[] }> {
    return { sweeps: await this.sweeps.history(query.blockchain) };
  }

  @Post('run')
  @HttpCode(204)
  run(): Promise<void> {
    return this.worker.sweepNow();
  }
}
