import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DepositAddressEntity } from './deposit-address.entity.js';
import { DepositAddressesRepository } from './deposit-addresses.repository.js';
import { InitialDepositAddresses } from './initial-deposit-addresses.js';
import { InternalDepositAddressesController } from './internal-deposit-addresses.controller.js';
import { OpsDepositAddressesController } from './ops-deposit-addresses.controller.js';

// The shared deposit address of each chain that has one (Stellar): set at install, rotated by
// operators.
@Global()
@OwnsTables({ entities: [DepositAddressEntity] })
@Module({
  controllers: [OpsDepositAddressesController, InternalDepositAddressesController],
  providers: [DepositAddressesRepository, InitialDepositAddresses],
  exports: [DepositAddressesRepository],
})
export class DepositAddressesModule {}
