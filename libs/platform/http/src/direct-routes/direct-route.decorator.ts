import { SetMetadata } from '@nestjs/common';

export const DIRECT_ROUTE = 'platform:direct-route';

// Marks a hot JSON route to be served ahead of Express and Nest's request pipeline (see
// DirectRoutes). The handler keeps its declaration: path, @HttpCode, auth decorator, @Body() DTO
// validated by the strict pipe, @CurrentIdentity(). Anything the direct path cannot honour
// (guards, pipes, interceptors, other parameters) fails the boot rather than being skipped.
export const DirectRoute = () => SetMetadata(DIRECT_ROUTE, true);
