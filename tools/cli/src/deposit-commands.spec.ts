import { describe, expect, it } from '@jest/globals';
import { runDepositCommand } from './deposit-commands.js';
import { CliError } from './gateway-client.js';
import { RecordingGateway } from './recording-gateway.js';

const DEPOSIT_ID = '5b0e7c1a-2d3f-4e5a-8b6c-0000000000d1';
const TRANSACTION_ID = '0f8f7e5b-3c2a-4d1e-9f00-0000000000aa';

describe('deposit commands', () => {
  it('refunds a held transfer to its sender or a named address, assigns one, and pages the audit', async () => {
    const sut = new RecordingGateway();

    await runDepositCommand(['refund'], { id: DEPOSIT_ID }, sut);
    await runDepositCommand(['refund'], { id: DEPOSIT_ID, address: 'GDESTINATION' }, sut);
    await runDepositCommand(['assign'], { id: DEPOSIT_ID, transactionId: TRANSACTION_ID }, sut);
    await runDepositCommand(['audit'], { page: '2' }, sut);

    expect(sut.sent).toEqual([
      { method: 'POST', path: `/ops/deposits/${DEPOSIT_ID}/refund`, body: {} },
      { method: 'POST', path: `/ops/deposits/${DEPOSIT_ID}/refund`, body: { destination: 'GDESTINATION' } },
      {
        method: 'POST',
        path: `/ops/deposits/${DEPOSIT_ID}/assign`,
        body: { transaction_id: TRANSACTION_ID },
      },
      { method: 'GET', path: '/ops/deposits/audit?page=2', body: undefined },
    ]);
  });

  it('names the flag a command is missing before sending anything', async () => {
    const sut = new RecordingGateway();

    await expect(runDepositCommand(['refund'], {}, sut)).rejects.toThrow(new CliError('--id is required'));
    await expect(runDepositCommand(['assign'], { id: DEPOSIT_ID }, sut)).rejects.toThrow(
      new CliError('--transaction-id is required'),
    );
    expect(sut.sent).toEqual([]);
  });
});
