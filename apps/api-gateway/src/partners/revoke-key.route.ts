import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';

// Revoking a key answers the same on both key views (a partner's own, the operators'): 204, again
// 204 for a key already revoked, 404 for a key that is not there.
export function RevokeKeyRoute(notFoundDescription: string): MethodDecorator {
  return applyDecorators(
    HttpCode(204),
    ApiNoContentResponse({ description: 'Revoked (again 204 if it already was)' }),
    ApiNotFoundResponse({ type: GatewayErrorResponseDto, description: notFoundDescription }),
  );
}
