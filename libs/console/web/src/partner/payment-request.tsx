import { Copyable } from '../layout/copyable.js';
import { QrCode } from '../layout/qr-code.js';

// The chain's payment request (SEP-7, Solana Pay or EIP-681): a wallet scans the QR code and
// fills in address, token, amount and memo itself; the URI beside it is for a wallet on the same
// device.
export function PaymentRequest({ uri }: { uri: string }) {
  return (
    <div className="payment-request">
      <QrCode text={uri} label="QR code of the payment request" />
      <Copyable text={uri} what="payment request" />
    </div>
  );
}
