import { SetMetadata } from '@nestjs/common';
import { type DirectBodyReader, jsonBodyReader } from './direct-body-reader.js';

export const DIRECT_ROUTE = 'platform:direct-route';

export interface DirectRouteOptions {
  // How the request is read ahead of the handler; JSON for @Body() DTOs by default.
  readonly reader?: DirectBodyReader;
}

// Marks a hot route to be served ahead of Express's router and body parsers (see DirectRoutes).
// The handler keeps its one declaration (method, fixed path, @HttpCode, auth decorator, guards,
// interceptors, @Body() DTO, custom parameter decorators) and runs through Nest's own guards,
// interceptors and pipes, global ones included. Anything the direct path cannot honour (a path
// parameter, @Query(), @Req()) fails the boot rather than being skipped.
export const DirectRoute = (options: DirectRouteOptions = {}) =>
  SetMetadata(DIRECT_ROUTE, { reader: options.reader ?? jsonBodyReader });
