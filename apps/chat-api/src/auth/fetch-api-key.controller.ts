import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ChatEndpoint } from '../request/chat-endpoint.decorator.js';
import { ChatParams } from '../request/chat-params.decorator.js';
import { type ParamsOf, required } from '../request/param-declarations.js';
import { param } from '../request/param-types.js';
import { FetchApiKeyUseCase } from './fetch-api-key.use-case.js';
import { requestHost } from './request-host.js';

// Zulip's declaration order (alphabetical): password is checked before username.
const fetchApiKeyParams = {
  password: required(param.string()),
  username: required(param.string()),
};

@Controller()
export class FetchApiKeyController {
  constructor(private readonly fetchApiKey: FetchApiKeyUseCase) {}

  @ChatEndpoint('POST', 'fetch_api_key', { access: 'none' })
  fetch(@Req() request: Request, @ChatParams(fetchApiKeyParams) p: ParamsOf<typeof fetchApiKeyParams>) {
    return this.fetchApiKey.execute(p.username, p.password, requestHost(request));
  }
}
