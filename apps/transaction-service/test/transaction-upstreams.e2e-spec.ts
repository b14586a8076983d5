import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ServiceName } from '@shared/contracts';
import {
  BREB_MOBILE,
  PIX_CPF,
  SOLANA_PIX,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';

// Nothing listens there: kyc-service is down for this whole suite.
const NOT_LISTENING = 'http://127.0.0.1:9';

describe('accepting a quote while a service it asks is down', () => {
  const system = new TransactionSystem();
  let partner: Partner;
  const accept = async (status: number) => {
    const quote = await system.quote(partner);
    return system
      .accept(partner, { quote_id: quote.quote_id, user_id: 'u-1', account_number: BREB_MOBILE })
      .expect(status);
  };

  beforeAll(async () => {
    await system.start({ KYC_SERVICE_URL: NOT_LISTENING });
    partner = await system.createPartner('Unlucky');
  });

  afterAll(() => system.stop());

  it('asks kyc-service only when the policy says KYC matters, and answers a retryable 503 when it is down', async () => {
    await accept(200);
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'always' }).expect(200);
    const response = await accept(503);
    expect(response.body).toEqual(refusal('server_error', 'The KYC service did not answer; try again', true));
    await system.ops().put(`/ops/kyc-policies/${partner.partnerId}`).send({ mode: 'off' }).expect(200);
  });

  it('answers a retryable 503 for a Solana quote when chain-watchers (its deposit address) is down', async () => {
    const quote = await system.quote(partner, SOLANA_PIX);
    await system.chainWatchers.stop();
    const response = await system
      .accept(partner, { quote_id: quote.quote_id, user_id: 'u-3', account_number: PIX_CPF })
      .expect(503);
    expect(response.body).toEqual(
      refusal('server_error', 'The chain-watchers service did not answer; try again', true),
    );
  });

  it('answers a retryable 503 when quote-service is down', async () => {
    const quote = await system.quote(partner);
    await system.closeService(ServiceName.QuoteService);
    const response = await system
      .accept(partner, { quote_id: quote.quote_id, user_id: 'u-2', account_number: BREB_MOBILE })
      .expect(503);
    expect(response.body).toEqual(
      refusal('server_error', 'The quote service did not answer; try again', true),
    );
  });
});
