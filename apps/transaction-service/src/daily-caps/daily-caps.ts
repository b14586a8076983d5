import { Injectable } from '@nestjs/common';
import { capRefusals } from '@payout/errors';
import { decimal } from '@payout/money';
import type { UnitOfWork } from '@platform/database';
import type { PaymentMethod, RailCapsView, TargetCurrency, TransactionStatus } from '@shared/contracts';
import { Clock } from '@shared/util';
import { HOLDS_CAP_SHARE } from './counted-statuses.js';
import { DailyCapsRepository, type Usage, type UsageKey } from './daily-caps.repository.js';
import { RailCapsClient } from './rail-caps.client.js';
import { railDay } from './rail-day.js';

export interface CapQuestion {
  readonly partnerId: string;
  readonly userId: string;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  // Decimal string: the fiat the recipient receives.
  readonly amount: string;
}

// What `check` found and `reserve` takes: the caps and day in force when the accept began.
export interface CapReservation extends CapQuestion {
  readonly caps: RailCapsView | null;
  readonly day: string;
}

export interface CappedTransaction {
  readonly id: string;
  readonly status: TransactionStatus;
}

// The rails' payout caps at accept (README, "Payout limits"). `check` refuses early, reading
// without locks, before the accept opens anything; `reserve`, in the accept's database
// transaction, locks the user's then the rail's usage row for the day, refuses what does not fit
// and adds the transaction's share, so concurrent accepts on any replica never overshoot.
// `settle` gives the share back when a move ends the payout unpaid.
@Injectable()
export class DailyCaps {
  constructor(
    private readonly repository: DailyCapsRepository,
    private readonly railCaps: RailCapsClient,
    private readonly clock: Clock,
  ) {}

  async check(question: CapQuestion): Promise<CapReservation> {
    const reservation: CapReservation = {
      ...question,
      caps: await this.railCaps.of(question.paymentMethod),
      day: railDay(question.paymentMethod, this.clock.now()),
    };
    assertPerTransaction(reservation);
    const used = await this.repository.peek(userKey(reservation), railKey(reservation));
    assertUserFits(reservation, used.user);
    assertRailFits(reservation, used.rail);
    return reservation;
  }

  async reserve(unit: UnitOfWork, transactionId: string, reservation: CapReservation): Promise<void> {
    // Always user before rail: every accept and release locks in this order, so none deadlock.
    const user = userKey(reservation);
    const rail = railKey(reservation);
    assertUserFits(reservation, await this.repository.lock(unit, user));
    assertRailFits(reservation, await this.repository.lock(unit, rail));
    await this.repository.add(unit, user, reservation.amount, 1);
    await this.repository.add(unit, rail, reservation.amount, 1);
    await this.repository.recordCharge(unit, {
      transactionId,
      day: reservation.day,
      paymentMethod: reservation.paymentMethod,
      partnerId: reservation.partnerId,
      userId: reservation.userId,
      amount: reservation.amount,
      releasedAt: null,
    });
  }

  // Called with every status change, in its database transaction; idempotent.
  async settle(unit: UnitOfWork, transaction: CappedTransaction): Promise<void> {
    if (HOLDS_CAP_SHARE[transaction.status]) return;
    const charge = await this.repository.release(unit, transaction.id, this.clock.now());
    if (!charge) return;
    const back = decimal(charge.amount).negated().toFixed();
    await this.repository.add(unit, userKey(charge), back, -1);
    await this.repository.add(unit, railKey(charge), back, -1);
  }
}

type ScopedKey = Pick<UsageKey, 'day' | 'paymentMethod'> & Pick<CapQuestion, 'partnerId' | 'userId'>;

const userKey = (of: ScopedKey): UsageKey => ({
  day: of.day,
  paymentMethod: of.paymentMethod,
  scope: 'user',
  partnerId: of.partnerId,
  userId: of.userId,
});

const railKey = (of: ScopedKey): UsageKey => ({
  day: of.day,
  paymentMethod: of.paymentMethod,
  scope: 'rail',
  partnerId: '',
  userId: '',
});

// The refusals in the order a person reads them: this payout alone, then the user's day (count,
// then amount), then the rail's day.
function assertPerTransaction({ caps, amount, paymentMethod, targetCurrency }: CapReservation): void {
  if (caps?.perTransaction != null && decimal(amount).gt(decimal(caps.perTransaction))) {
    throw capRefusals.perTransaction(inCurrency(caps.perTransaction, targetCurrency), paymentMethod);
  }
}

function assertUserFits({ caps, amount, paymentMethod, targetCurrency }: CapReservation, used: Usage): void {
  if (caps?.perUserDailyCount != null && used.count + 1 > caps.perUserDailyCount) {
    throw capRefusals.userDailyCount(caps.perUserDailyCount, paymentMethod);
  }
  const cap = caps?.perUserDailyAmount;
  if (cap != null && decimal(used.amount).plus(decimal(amount)).gt(decimal(cap))) {
    const left = decimal(cap).minus(decimal(used.amount));
    throw capRefusals.userDailyAmount(
      inCurrency(cap, targetCurrency),
      inCurrency(left.isNegative() ? '0' : left.toFixed(), targetCurrency),
      paymentMethod,
    );
  }
}

function assertRailFits({ caps, amount, paymentMethod }: CapReservation, used: Usage): void {
  const cap = caps?.perPaymentMethodDailyAmount;
  if (cap != null && decimal(used.amount).plus(decimal(amount)).gt(decimal(cap))) {
    throw capRefusals.paymentMethodDailyAmount(paymentMethod);
  }
}

const inCurrency = (value: string, currency: TargetCurrency) => `${decimal(value).toFixed()} ${currency}`;
