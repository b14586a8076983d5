import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ChatRequest } from './chat-request.js';
import { parseParams, type ParamsSpec } from './param-declarations.js';
import { RequestParams } from './request-params.js';

const NO_PARAMS = RequestParams.fromEntries([], []);

// `@ChatParams(spec) params: ParamsOf<typeof spec>`: the endpoint's typed parameters, validated
// in declaration order after authentication (guards run before parameter decorators).
export const ChatParams = createParamDecorator((spec: ParamsSpec, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<ChatRequest>();
  const { values, used } = parseParams(spec, request.chatParams ?? NO_PARAMS);
  request.chatProcessed ??= new Set();
  for (const name of used) request.chatProcessed.add(name);
  return values;
});
