import { PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { InvalidRequestError } from './invalid-request.error.js';

// Body-parser failures are the client's doing: malformed JSON is an invalid request and an
// oversized body a 413. Translated here so that no parser text reaches a response.
export function bodyParserErrors() {
  return (error: unknown, _request: Request, _response: Response, next: NextFunction): void => {
    const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
    if (type === 'entity.too.large') next(new PayloadTooLargeException('Request body is too large'));
    else if (typeof type === 'string' && type.startsWith('entity.'))
      next(new InvalidRequestError('Request body is not valid JSON'));
    else if (type !== undefined) next(new InvalidRequestError('Request body could not be read'));
    // A gzip or deflate body that does not decompress: the parser passes zlib's own error on,
    // typeless but marked as the client's (400).
    else if (status === 400) next(new InvalidRequestError('Request body could not be decompressed'));
    else next(error);
  };
}
