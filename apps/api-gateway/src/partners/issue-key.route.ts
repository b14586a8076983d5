import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiCreatedResponse } from '@nestjs/swagger';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { CreateApiKeyRequestDto } from './create-api-key.request.dto.js';
import { IssuedApiKeyResponseDto } from './ops-partners.response.dto.js';

// Issuing a key answers the same on both key views (a partner's own, the operators'): the key
// shown once, or 409 once the partner holds as many active keys as its quota allows. The body (a
// name) is optional: a key is made without one too.
export function IssueKeyRoute(): MethodDecorator {
  return applyDecorators(
    ApiBody({ type: CreateApiKeyRequestDto, required: false }),
    ApiCreatedResponse({ type: IssuedApiKeyResponseDto, description: 'The new key, shown once' }),
    ApiConflictResponse({
      type: GatewayErrorResponseDto,
      description: '`api_key_quota_reached`: as many active keys as its quota; revoke one first',
    }),
  );
}
