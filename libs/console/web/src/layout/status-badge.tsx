import { TransactionStatus } from '@shared/contracts';

// Colour says where a transaction stands; the text says it too, for those who cannot see colour.
const TONE: Readonly<Record<TransactionStatus, 'waiting' | 'moving' | 'done' | 'failed'>> = {
  [TransactionStatus.AWAITING_PAYMENT]: 'waiting',
  [TransactionStatus.PROCESSING_PAYMENT]: 'moving',
  [TransactionStatus.PAYMENT_COMPLETED]: 'done',
  [TransactionStatus.PAYMENT_FAILED]: 'failed',
  [TransactionStatus.WRONG_AMOUNT]: 'failed',
  [TransactionStatus.PAYMENT_EXPIRED]: 'failed',
};

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={`badge ${TONE[status]}`}>{status.replaceAll('_', ' ').toLowerCase()}</span>;
}
