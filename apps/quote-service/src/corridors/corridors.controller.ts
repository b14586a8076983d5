import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/http';
import { chainRail } from '@payout/rails';
import { FlowDirection } from '@shared/contracts';
import { CorridorCatalogue } from './corridor-catalogue.js';
import { PublicCorridorsResponseDto } from './public-corridor.response.dto.js';

@ApiTags('Discovery')
@Controller('public/corridors')
export class CorridorsController {
  constructor(private readonly catalogue: CorridorCatalogue) {}

  // Express adds a weak ETag and answers 304 to If-None-Match; caches may keep it a minute.
  @Public()
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ type: PublicCorridorsResponseDto })
  async list(): Promise<PublicCorridorsResponseDto> {
    const corridors = await this.catalogue.live(FlowDirection.PAYOUT);
    return {
      corridors: corridors.map(({ flow: { route, minAmount, maxAmount } }) => {
        const rail = chainRail(route.blockchain);
        return {
          blockchain: route.blockchain,
          chainFamily: rail.family,
          chainId: rail.chainId,
          cryptoCurrency: route.cryptoCurrency,
          paymentMethod: route.paymentMethod,
          targetCurrency: route.targetCurrency,
          minAmount: minAmount === null ? null : Number(minAmount),
          maxAmount: maxAmount === null ? null : Number(maxAmount),
          notify: { ...rail.notify },
          walletConnect: {
            chainId: rail.chainId,
            events: [...rail.walletConnect.events],
            methods: [...rail.walletConnect.methods],
            namespace: rail.walletConnect.namespace,
          },
        };
      }),
    };
  }
}
