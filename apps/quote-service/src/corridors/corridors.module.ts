import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CorridorAssetEntity } from './corridor-asset.entity.js';
import { CorridorCatalogue } from './corridor-catalogue.js';
import { CorridorFlowEntity } from './corridor-flow.entity.js';
import { CorridorsController } from './corridors.controller.js';
import { CorridorsRepository } from './corridors.repository.js';
import { InternalAssetsController } from './internal-assets.controller.js';
import { UnsupportedRouteEntity } from './unsupported-route.entity.js';

// The corridor catalogue: the routes that can be quoted (flows, asset mints, routes taken out of
// service), cached for the quote path and listed to partners and chain-watchers. Operators
// change it through the repository (corridor-administration), then drop the cache.
@OwnsTables({ entities: [CorridorFlowEntity, CorridorAssetEntity, UnsupportedRouteEntity] })
@Module({
  controllers: [CorridorsController, InternalAssetsController],
  providers: [CorridorsRepository, CorridorCatalogue],
  exports: [CorridorsRepository, CorridorCatalogue],
})
export class CorridorsModule {}
