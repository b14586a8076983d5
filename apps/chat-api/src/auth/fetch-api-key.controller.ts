import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { FetchApiKeyUseCase } from './fetch-api-key.use-case.js';
import { requestHost } from '../core/http/request-host.js';

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
