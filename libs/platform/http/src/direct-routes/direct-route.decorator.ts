import { SetMetadata } from '@nestjs/common';
import type { DirectBodyReader } from './direct-body-reader.js';

export const DIRECT_ROUTE = 'platform:direct-route';

export interface DirectRouteOptions {
  // How the request is read ahead of the handler. By default JSON for @Body() DTOs on POST, PUT
  // and PATCH, and no body at all on the other verbs.
  readonly reader?: DirectBodyReader;
}

// Marks a hot route to be served ahead of Express's router and body parsers (see DirectRoutes).
// The handler keeps its one declaration (method, path with its `:parameters`, @HttpCode, auth
// decorator, guards, interceptors, @Body() DTO, @Param(), custom parameter decorators) and runs
// through Nest's own guards, interceptors and pipes, global ones included. Anything the direct path
// cannot honour (@Query(), @Req(), a wildcard, a path that overlaps another route) fails the boot
// rather than being skipped.
export const DirectRoute = (options: DirectRouteOptions = {}) => SetMetadata(DIRECT_ROUTE, options);
