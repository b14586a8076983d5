import { Module } from '@nestjs/common';
import { CorridorCatalogue } from './corridors/corridor-catalogue.js';
import { CorridorsController } from './corridors/corridors.controller.js';

@Module({
  controllers: [CorridorsController],
  providers: [CorridorCatalogue],
})
export class QuoteServiceModule {}
