import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OpsAuth } from '@platform/http';
import { requestOrigin } from '../core/http/request-host.js';
import { CreateRealmRequestDto } from './create-realm.request.dto.js';
import { CreateRealmUseCase } from './create-realm.use-case.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/chat/realms')
export class OpsRealmsController {
  constructor(private readonly createRealm: CreateRealmUseCase) {}

  @Post()
  create(@Body() body: CreateRealmRequestDto, @Req() request: Request) {
    return this.createRealm.execute({ ...body, origin: requestOrigin(request) });
  }
}
