import { Module } from '@nestjs/common';
import { MergedOpenApi } from './merged-openapi.js';

// /docs and /openapi.json: the gateway's own document merged with each upstream service's.
@Module({ providers: [MergedOpenApi], exports: [MergedOpenApi] })
export class DocsModule {}
