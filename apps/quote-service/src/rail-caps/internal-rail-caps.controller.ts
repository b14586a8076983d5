import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { RailCapsView } from '@shared/contracts';
import { RailCapsRepository } from './rail-caps.repository.js';
import { railCapsView } from './rail-caps.view.js';

// transaction-service reads the caps it enforces at accept, as operators last set them.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/rail-caps')
export class InternalRailCapsController {
  constructor(private readonly caps: RailCapsRepository) {}

  @Get()
  async all(): Promise<RailCapsView[]> {
    return (await this.caps.all()).map(railCapsView);
  }
}
