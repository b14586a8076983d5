import { ApiProperty } from '@nestjs/swagger';
import { Blockchain } from '@shared/contracts';

export class SandboxCapabilitiesResponseDto {
  @ApiProperty({
    description:
      'true where the chains are simulated (`npm start`): POST /sandbox/transactions/{id}/deposit ' +
      'pays deposits, and on-chain hashes have no public explorer',
  })
  simulatedChains!: boolean;
}

export class SandboxDepositResponseDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ description: 'The simulated chain transfer that paid the deposit' })
  onChainTx!: string;
}
