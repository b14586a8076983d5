import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DatabaseHealth } from '@platform/database';
import { EVENT_BUS, type EventBus } from '@platform/messaging';
import { Public } from '../auth/auth-policy.js';

type CheckState = 'up' | 'down';

// Liveness says the process runs; readiness says it can serve: its database answers and its
// event bus is connected. Kubernetes routes traffic only to ready pods.
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  @Public()
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    const [database, eventBus] = await Promise.all([this.databaseState(), this.busState()]);
    const ready = database === 'up' && eventBus === 'up';
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks: { database, eventBus } };
  }

  private async databaseState(): Promise<CheckState> {
    return (await this.database.answers()) ? 'up' : 'down';
  }

  private async busState(): Promise<CheckState> {
    return (await this.bus.isReady().catch(() => false)) ? 'up' : 'down';
  }
}
