import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { InternalAuth } from '../auth/auth-policy.js';

// Holds the service's OpenAPI document, built once the app's routes are known.
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
}

// The gateway merges these documents into the one it serves at /docs and /openapi.json.
@ApiExcludeController()
@Controller('internal/openapi.json')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocument) {}

  @InternalAuth()
  @Get()
  document(): OpenAPIObject | null {
    return this.holder.document;
  }
}
