import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BREB_MOBILE, STELLAR_BREB, TransactionSystem, refusal, type Partner } from './transaction-system.js';

const UNSTORABLE = (field: string) =>
  refusal('invalid_request', `${field} must be valid Unicode text without NUL characters`);
// The gateway's own routes add the `message` every error of the platform's surface carries.
const gatewayRefusal = (reason: string) => ({ message: reason, ...refusal('invalid_request', reason) });

// Text PostgreSQL cannot hold (a lone UTF-16 surrogate, a NUL) and property names an object
// inherits, sent to the payout API through the gateway: each is refused with 400 before it
// reaches a database or an event, by the platform's one rule.
describe('text and property names the payout API refuses', () => {
  const system = new TransactionSystem();
  let partner: Partner;

  beforeAll(async () => {
    await system.start();
    partner = await system.createPartner('Text Input Co');
  });

  afterAll(() => system.stop());

  const rawJson = (method: 'post', path: string, json: string) =>
    system.http[method](path)
      .set('X-API-Key', partner.apiKey)
      .set('Content-Type', 'application/json')
      .send(json);

  it('POST /transaction refuses a lone surrogate in user_id (once a 500 inviting a retry) and a NUL in tax_id', async () => {
    const quote = await system.quote(partner, STELLAR_BREB);
    const body = { quote_id: quote.quote_id, user_id: 'text-user', account_number: BREB_MOBILE };
    const surrogate = await rawJson(
      'post',
      '/transaction',
      JSON.stringify(body).replace('"text-user"', '"\\ud800"'),
    ).expect(400);
    expect(surrogate.body).toEqual(UNSTORABLE('user_id'));
    const nul = await system.accept(partner, { ...body, tax_id: '123\u00004' }).expect(400);
    expect(nul.body).toEqual(UNSTORABLE('tax_id'));
    // The gateway looks user_id up among disabled users first: text no user id holds names none.
    const nulUser = await system.accept(partner, { ...body, user_id: 'a\u0000b' }).expect(400);
    expect(nulUser.body).toEqual(UNSTORABLE('user_id'));
    expect(system.events).toEqual([]);
    // The quote is still there to accept with valid text.
    await system.accept(partner, body).expect(200);
  });

  it('POST /quote refuses constructor and JSON’s own __proto__ like any unknown property', async () => {
    const quote = JSON.stringify(STELLAR_BREB);
    const withProperty = (property: string) => `${quote.slice(0, -1)},${property}}`;
    const unknown = await rawJson('post', '/quote', withProperty('"x":1')).expect(400);
    expect(unknown.body).toEqual(refusal('invalid_request', 'property x should not exist'));
    const constructor = await rawJson('post', '/quote', withProperty('"constructor":{"prototype":{"x":1}}'));
    expect(constructor.status).toBe(400);
    expect(constructor.body).toEqual(refusal('invalid_request', 'property constructor should not exist'));
    const proto = await rawJson('post', '/quote', withProperty('"__proto__":{"x":1}')).expect(400);
    expect(proto.body).toEqual(refusal('invalid_request', 'property __proto__ should not exist'));
  });

  it('the gateway refuses a NUL or a lone surrogate in a partner name (ops)', async () => {
    const ops = (json: string) =>
      system.ops().post('/ops/partners').set('Content-Type', 'application/json').send(json);
    expect((await ops('{"name":"Nul\\u0000 Co"}').expect(400)).body).toEqual(
      gatewayRefusal('name must be valid Unicode text without NUL characters'),
    );
    expect((await ops('{"name":"Half \\udc00 Co"}').expect(400)).body).toEqual(
      gatewayRefusal('name must be valid Unicode text without NUL characters'),
    );
  });

  it('the gateway refuses a NUL in a user id path parameter (ops)', async () => {
    const disable = await system
      .ops()
      .post(`/ops/partners/${partner.partnerId}/users/a%00b/disable`)
      .expect(400);
    expect(disable.body).toEqual(gatewayRefusal('userId must be valid Unicode text without NUL characters'));
  });

  it('refuses a NUL or an inherited name in a query string, and reads undecodable percent-escapes as U+FFFD, never as a lone surrogate', async () => {
    const search = (query: string) =>
      system.http.get(`/transactions?${query}`).set('X-API-Key', partner.apiKey);
    expect((await search('q=a%00b').expect(400)).body).toEqual(UNSTORABLE('q'));
    expect((await search('constructor=1').expect(400)).body).toEqual(
      refusal('invalid_request', 'property constructor should not exist'),
    );
    // %ED%A0%80 is U+D800 written as UTF-8, which has no such form: nothing stored matches it.
    expect((await search('q=%ED%A0%80').expect(200)).body).toMatchObject({ total: 0, transactions: [] });
  });

  it('POST /kyc refuses a NUL in a multipart text field', async () => {
    const response = await system.http
      .post('/kyc')
      .set('X-API-Key', partner.apiKey)
      .field('userId', 'kyc\u0000user')
      .field('fullName', 'Ana María Pérez')
      .attach('document', Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), {
        filename: 'id.pdf',
        contentType: 'application/pdf',
      })
      .expect(400);
    expect(response.body).toEqual(UNSTORABLE('userId'));
  });
});
