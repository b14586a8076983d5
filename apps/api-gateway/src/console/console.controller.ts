import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@platform/http';
import { ConsoleBundle } from './console-bundle.js';

// The bundle's own scripts and styles only: no inline script or style, no other origin. The
// console calls the API on this same origin.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// The web console (libs/console/web): static files, public like /docs. It holds no secret; the
// key a person signs in with is sent by the page to the API routes, which check it.
@ApiExcludeController()
@Public()
@Controller('console')
export class ConsoleController {
  constructor(private readonly bundle: ConsoleBundle) {}

  @Get()
  index(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() response: Response) {
    return this.send('', ifNoneMatch, response);
  }

  @Get('*path')
  file(
    @Param('path') path: string[],
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ) {
    return this.send(path.join('/'), ifNoneMatch, response);
  }

  private async send(path: string, ifNoneMatch: string | undefined, response: Response): Promise<void> {
    const file = await this.bundle.fileFor(path);
    if (!file) throw new NotFoundException();
    response.set({
      'Content-Type': file.contentType,
      'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: file.etag,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    if (ifNoneMatch === file.etag) {
      response.status(304).end();
      return;
    }
    response.status(200).send(file.body);
  }
}
