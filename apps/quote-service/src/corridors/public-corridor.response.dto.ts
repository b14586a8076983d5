import { ApiProperty } from '@nestjs/swagger';
import { CHAIN_FAMILIES, type ChainFamily } from '@payout/rails';
import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';

class NotifyDto {
  @ApiProperty({ type: String, nullable: true, example: '/payments/notify' })
  endpoint!: string | null;

  @ApiProperty()
  required!: boolean;
}

class WalletConnectDto {
  @ApiProperty({ example: 'eip155:42220' })
  chainId!: string;

  @ApiProperty({ type: [String] })
  events!: string[];

  @ApiProperty({ type: [String] })
  methods!: string[];

  @ApiProperty({ example: 'eip155' })
  namespace!: string;
}

export class PublicCorridorDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ enum: CHAIN_FAMILIES })
  chainFamily!: ChainFamily;

  @ApiProperty({ example: 'stellar:pubnet' })
  chainId!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ enum: PaymentMethod })
  paymentMethod!: PaymentMethod;

  @ApiProperty({ enum: TargetCurrency })
  targetCurrency!: TargetCurrency;

  @ApiProperty({ type: Number, nullable: true })
  minAmount!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  maxAmount!: number | null;

  @ApiProperty({ type: NotifyDto })
  notify!: NotifyDto;

  @ApiProperty({ type: WalletConnectDto })
  walletConnect!: WalletConnectDto;
}

export class PublicCorridorsResponseDto {
  @ApiProperty({ type: [PublicCorridorDto] })
  corridors!: PublicCorridorDto[];
}
