import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import type { SandboxDepositReceipt } from '../api/sandbox.js';

// Sandbox only: pays the transaction's deposit from the sandbox customer wallet on its simulated
// chain (POST /sandbox/transactions/{id}/deposit); `onPaid` lets the page read it again.
export function SandboxPayButton(props: { api: ConsoleApi; transactionId: string; onPaid: () => void }) {
  const [paying, setPaying] = useState(false);
  // Once sent, the deposit is on its way: the button goes, so it cannot be paid twice.
  const [paid, setPaid] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  async function pay() {
    setPaying(true);
    setMessage(null);
    try {
      const receipt = await props.api.send<SandboxDepositReceipt>(
        'POST',
        `/sandbox/transactions/${encodeURIComponent(props.transactionId)}/deposit`,
      );
      setMessage({ text: `Deposit sent on ${receipt.blockchain}: ${receipt.onChainTx}`, failed: false });
      setPaid(true);
      props.onPaid();
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.reason : 'The payment failed.', failed: true });
    } finally {
      setPaying(false);
    }
  }

  return (
    <div className="panel sandbox-pay">
      <p className="note">Sandbox: the chains are simulated, so you can pay this deposit yourself.</p>
      {!paid && (
        <button type="button" onClick={() => void pay()} disabled={paying}>
          {paying ? 'Paying…' : 'Pay this transaction'}
        </button>
      )}
      {message && (
        <p role={message.failed ? 'alert' : 'status'} className={message.failed ? 'error mono' : 'mono'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
