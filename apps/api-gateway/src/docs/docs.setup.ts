import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { closeRequestBodies, documentInputRefusals, documentValidationConstraints } from '@platform/http';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { MergedOpenApi } from './merged-openapi.js';

// Swagger UI at /docs and the merged document at /openapi.json, both public.
export function setupDocs(app: NestExpressApplication): void {
  const merged = app.get(MergedOpenApi);
  // The gateway's own routes are described as the platform describes every app's.
  documentValidationConstraints();
  const gatewayDocument = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Cross-border payout API')
      .setDescription('Quotes, transactions, on-chain funding, KYC, discovery and operations.')
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'apiKey')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-OPS-API-KEY' }, 'opsKey')
      .build(),
    { extraModels: [GatewayErrorResponseDto] },
  );
  closeRequestBodies(gatewayDocument);
  documentInputRefusals(gatewayDocument, GatewayErrorResponseDto.name);
  SwaggerModule.setup('docs', app, gatewayDocument, {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Payout API reference',
    patchDocumentOnRequest: () => merged.document(gatewayDocument),
  });
}
