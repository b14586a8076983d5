import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Blockchain } from '@shared/contracts';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { DepositAddressesRepository } from './deposit-addresses.repository.js';

// A fresh install gets its deposit addresses from configuration, so the first quote can be
// accepted without an operator step; the configuration never overrides a rotation.
@Injectable()
export class InitialDepositAddresses implements OnApplicationBootstrap {
  constructor(
    private readonly config: TransactionServiceConfig,
    private readonly depositAddresses: DepositAddressesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const configured: Array<readonly [Blockchain, string | undefined]> = [
      [Blockchain.STELLAR, this.config.DEPOSIT_ADDRESS_STELLAR],
      [Blockchain.SOLANA, this.config.DEPOSIT_ADDRESS_SOLANA],
      [Blockchain.CELO, this.config.DEPOSIT_ADDRESS_CELO],
    ];
    // Checked by format with the rest of the configuration.
    await this.depositAddresses.seed(
      configured.flatMap(([blockchain, address]) => (address ? [[blockchain, address] as const] : [])),
    );
  }
}
