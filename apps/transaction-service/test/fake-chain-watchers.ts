import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeBase58, getAddress } from 'ethers';
import type { OpenDepositAccountRequest, VerifyTransferResponse } from '@shared/contracts';

// The address the fake derives for a transaction: a well-formed Solana or Celo address of its own.
export function fakeDepositAddress(blockchain: string, transactionId: string): string {
  const digest = createHash('sha256').update(`fake-deposit:${blockchain}:${transactionId}`).digest();
  return blockchain === 'CELO'
    ? getAddress(`0x${digest.subarray(0, 20).toString('hex')}`)
    : encodeBase58(digest);
}

// chain-watchers' `POST /internal/verify` and `POST /internal/deposit-accounts` as the suites
// need them: answers what a test said for a chain transaction (`not_found` otherwise), a
// transaction's own address (fakeDepositAddress; null once `withoutMasterSecret`), and remembers
// what it was asked and with which identity header.
export class FakeChainWatchers {
  readonly requests: Array<{ body: unknown; identity: string | undefined }> = [];
  private readonly answers = new Map<string, VerifyTransferResponse>();
  private server!: Server;
  withoutMasterSecret = false;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { onChainTx?: string } & Partial<OpenDepositAccountRequest>;
        this.requests.push({ body, identity: req.headers['x-internal-identity'] as string | undefined });
        const answer =
          req.method === 'POST' && req.url === '/internal/verify'
            ? (this.answers.get(body.onChainTx ?? '') ?? { status: 'not_found' })
            : req.method === 'POST' && req.url === '/internal/deposit-accounts'
              ? {
                  address: this.withoutMasterSecret
                    ? null
                    : fakeDepositAddress(String(body.blockchain), String(body.transactionId)),
                }
              : null;
        res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(onChainTx: string, response: VerifyTransferResponse): void {
    this.answers.set(onChainTx, response);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
