import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { transactionServiceDefinition } from '../src/transaction-service.definition.js';

// The central bank's BR Code manual examples, and one with an amount signed by pix-utils.
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const BCB_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
const WITH_AMOUNT =
  '00020126660014br.gov.bcb.pix0118fulano@example.com0222Pagamento do pedido 42520400005303986540510.005802BR5913Fulano de Tal6008BRASILIA62120508PEDIDO4263042DB8';
const OTHER_SCHEME =
  '00020126260015com.example.pay0103abc5204000053039865802BR5913Fulano de Tal6008BRASILIA63044FF5';
// Nothing listens there: this suite never reaches quote-service or kyc-service.
const NO_QUOTE_SERVICE = 'http://127.0.0.1:9';

const refusal = (reason: string) => ({ code: 'invalid_request', reason, retryable: false });

describe('GET /qr-decoder/br through the gateway', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let transactionService: RunningService;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let apiKey: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    transactionService = await startTestService(transactionServiceDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        QUOTE_SERVICE_URL: NO_QUOTE_SERVICE,
        KYC_SERVICE_URL: NO_QUOTE_SERVICE,
        TRANSACTION_PII_KEY: randomBytes(32).toString('base64'),
      },
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: NO_QUOTE_SERVICE, transaction: transactionService.url }),
    });
    http = request(gateway.app.getHttpServer());
    const partner = await http
      .post('/ops/partners')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send({ name: 'Decoder' })
      .expect(201);
    ({ apiKey } = partner.body);
  });

  afterAll(async () => {
    await gateway.close();
    await transactionService.close();
    await bus.disconnect();
    await database.drop();
  });

  const decode = (query: Record<string, string | string[]>) =>
    http.get('/qr-decoder/br').set('X-API-Key', apiKey).query(query);

  it("decodes the central bank's static example: key, currency and name, nothing else", async () => {
    const response = await decode({ qrCode: BCB_STATIC }).expect(200);
    expect(response.body).toStrictEqual({
      decoded: { account: '123e4567-e12b-12d1-a456-426655440000', currency: 'BRL', name: 'Fulano de Tal' },
    });
  });

  it('returns the amount as written in the code', async () => {
    const response = await decode({ qrCode: WITH_AMOUNT }).expect(200);
    expect(response.body).toStrictEqual({
      decoded: { account: 'fulano@example.com', amount: '10.00', currency: 'BRL', name: 'Fulano de Tal' },
    });
  });

  it('leaves the account out of a dynamic code, which carries a URL instead of a key', async () => {
    const response = await decode({ qrCode: BCB_DYNAMIC }).expect(200);
    expect(response.body).toStrictEqual({ decoded: { currency: 'BRL', name: 'Fulano de Tal' } });
  });

  it.each([
    ['no qrCode', {}, 'qrCode is required'],
    ['an empty qrCode', { qrCode: '' }, 'qrCode is required'],
    ['a blank qrCode', { qrCode: '   ' }, 'qrCode is required'],
    ['qrCode given twice', { qrCode: [BCB_STATIC, BCB_STATIC] }, 'qrCode must be a string'],
    ['an unknown parameter', { qrCode: BCB_STATIC, amount: '10' }, 'property amount should not exist'],
    [
      'a payload over 512 characters',
      { qrCode: BCB_STATIC.padEnd(513, '0') },
      'qrCode must be at most 512 characters',
    ],
    [
      'a wrong checksum',
      { qrCode: BCB_STATIC.replace(/1D3D$/, '1D3E') },
      'The QR code checksum (CRC16) is invalid',
    ],
    [
      'an altered copy',
      { qrCode: BCB_STATIC.replace('Fulano', 'Fulana') },
      'The QR code checksum (CRC16) is invalid',
    ],
    ['a truncated payload', { qrCode: BCB_STATIC.slice(0, 60) }, 'The QR code could not be parsed'],
    ['a random string', { qrCode: 'not a qr code at all' }, 'The QR code could not be parsed'],
    ['an EMV code of another scheme', { qrCode: OTHER_SCHEME }, 'The QR code is not a PIX code'],
  ])('answers 400 invalid_request for %s', async (_case, query, reason) => {
    const response = await decode(query).expect(400);
    expect(response.body).toStrictEqual(refusal(reason));
  });

  it("is documented in the gateway's merged OpenAPI document, qrCode required", async () => {
    const { body } = await http.get('/openapi.json').expect(200);
    const operation = body.paths['/qr-decoder/br'].get;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'qrCode', required: true }),
    );
    expect(operation.security).toEqual([{ apiKey: [] }]);
  });

  it('answers 401 authentication_failed without a valid API key', async () => {
    const failed = (reason: string) => ({
      message: reason,
      code: 'authentication_failed',
      reason,
      retryable: false,
    });
    const anonymous = await http.get('/qr-decoder/br').query({ qrCode: BCB_STATIC }).expect(401);
    expect(anonymous.body).toStrictEqual(failed('Missing or invalid credentials'));
    const wrongKey = await http
      .get('/qr-decoder/br')
      .set('X-API-Key', 'pk_wrong')
      .query({ qrCode: BCB_STATIC })
      .expect(401);
    expect(wrongKey.body).toStrictEqual(failed('Invalid API key'));
  });
});
