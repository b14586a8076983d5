import { Injectable } from '@nestjs/common';
import { Contract, formatEther, keccak256, parseUnits } from 'ethers';
import type { ActiveAssetView } from '@shared/contracts';
import type { DepositAccountRef } from '../core/chains/deposit-accounts.port.js';
import type {
  PlannedSweepItem,
  SweepAttemptKind,
  SweepBalance,
  SweepPlanner,
  SweepProgress,
  SweepRound,
  SweepTransaction,
} from '../core/chains/sweep-planner.port.js';
import { trimDecimal } from '../core/chains/token-amount.js';
import { CeloDepositKeys } from './celo-deposit-keys.js';
import { CeloHotWallet } from './celo-hot-wallet.js';
import { CeloRpc } from './celo-rpc.js';
import { ERC20, sendable, signCelo } from './celo-signing.js';

// Celo sweeps, one deposit address at a time: a derived address holds tokens but no CELO, so the
// treasury first sends it exactly the gas its ERC-20 transfer may cost (gas limit × max fee,
// less what it holds), then the address transfers each token to the treasury. (Celo's
// fee-currency transactions could pay gas in the stablecoin itself, but no EVM sandbox or ethers
// speaks them; funding gas keeps every step a plain transaction.) The sweeper advances many
// sweeps together in rounds: the gas transfers of one round take consecutive treasury nonces and
// are broadcast at once, so funding N addresses costs one round, not N one after another. (One
// multi-send contract call would be one transaction, but needs a contract deployed on every
// network, the sandbox's included; N plain transfers in one round cost the same wait.)
@Injectable()
export class CeloSweepPlanner implements SweepPlanner {
  readonly accountsPerSweep = 1;
  readonly balancesPerSweep = 1;
  readonly fundsGas = true;

  constructor(
    private readonly rpc: CeloRpc,
    private readonly keys: CeloDepositKeys,
    private readonly treasury: CeloHotWallet,
  ) {}

  async balances(account: DepositAccountRef, assets: readonly ActiveAssetView[]): Promise<SweepBalance[]> {
    const balances: SweepBalance[] = [];
    for (const asset of assets) {
      const token = new Contract(asset.mintAddress, ERC20, this.rpc.provider);
      const raw = (await token.getFunction('balanceOf')(account.address)) as bigint;
      if (raw !== 0n) balances.push({ source: account.address, asset, raw });
    }
    return balances;
  }

  round(): SweepRound {
    // The treasury's next nonce is read once per round: a second read would not count the gas
    // transfers the round signed but has not broadcast yet. A nonce that never reaches the chain
    // (its broadcast lost) is rebroadcast by its sweep or expires once a later round reuses it.
    let firstNonce: Promise<number> | null = null;
    let taken = 0;
    const treasuryNonce = async () => {
      firstNonce ??= this.rpc.provider.getTransactionCount(this.treasury.address!, 'pending');
      const first = await firstNonce;
      return first + taken++;
    };
    return { next: (sweep) => this.next(sweep, treasuryNonce) };
  }

  // The first item whose transfer has not landed: its gas first when the address lacks it.
  private async next(
    { items, landed, assets }: SweepProgress,
    treasuryNonce: () => Promise<number>,
  ): Promise<SweepTransaction | null> {
    const item = items.find(
      ({ id }) => !landed.some(({ itemId, kind }) => itemId === id && kind === 'TRANSFER'),
    );
    if (!item) return null;
    const decimals = assets.find(
      ({ mintAddress }) => mintAddress.toLowerCase() === item.asset.toLowerCase(),
    )?.decimals;
    if (decimals === undefined) throw new Error(`token ${item.asset} is no longer active on CELO`);
    const wallet = this.keys.wallet(item.transactionId);
    const request = {
      to: item.asset,
      data: ERC20.encodeFunctionData('transfer', [this.treasury.address, parseUnits(item.amount, decimals)]),
    };
    const [fees, balance] = await Promise.all([
      sendable(this.rpc, wallet.address, request, 20),
      this.rpc.provider.getBalance(wallet.address),
    ]);
    const cost = fees.gasLimit * fees.maxFeePerGas;
    if (balance < cost) {
      const value = cost - balance;
      const treasury = this.treasury.wallet!;
      const gas = { to: wallet.address, value };
      const gasFees = { ...(await sendable(this.rpc, treasury.address, gas)), nonce: await treasuryNonce() };
      const payload = await signCelo(treasury, gas, gasFees);
      return this.transaction('GAS', item, payload, gasFees.nonce, trimDecimal(formatEther(value)));
    }
    const payload = await signCelo(wallet, request, fees);
    return this.transaction('TRANSFER', item, payload, fees.nonce, null);
  }

  private transaction(
    kind: SweepAttemptKind,
    item: PlannedSweepItem,
    payload: string,
    nonce: number,
    value: string | null,
  ): SweepTransaction {
    return {
      kind,
      itemId: item.id,
      signed: {
        signedPayload: payload,
        txHash: keccak256(payload),
        lastValidBlockHeight: null,
        nonce: String(nonce),
      },
      value,
    };
  }
}
