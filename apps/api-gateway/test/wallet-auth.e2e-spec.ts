import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { Keypair as SolanaKeypair } from '@solana/web3.js';
import { Keypair as StellarKeypair } from '@stellar/stellar-sdk';
import { Wallet, encodeBase58 } from 'ethers';
import { SignJWT } from 'jose';
import request from 'supertest';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  TEST_INTERNAL_AUTH_SECRET,
  TEST_OPS_API_KEY,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import type { ChainFamily } from '@payout/rails';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

const OPS_KEY = TEST_OPS_API_KEY;
const WALLET_JWT_SECRET = 'wallet-jwt-secret-for-end-to-end-suites-0123';
const DOMAIN = 'payout.test';

const unauthorized = (reason: string) => ({
  message: reason,
  code: 'authentication_failed',
  reason,
  retryable: false,
});
const invalid = (reason: string) => ({ message: reason, code: 'invalid_request', reason, retryable: false });

interface TestWallet {
  readonly chainFamily: ChainFamily;
  readonly chainId: string;
  readonly address: string;
  // Signs as the chain's wallets do, in the encoding the gateway documents for it.
  sign(message: string): Promise<string>;
}

function stellarWallet(): TestWallet {
  const keypair = StellarKeypair.random();
  return {
    chainFamily: 'stellar',
    chainId: 'stellar:pubnet',
    address: keypair.publicKey(),
    sign: async (message) => keypair.sign(Buffer.from(message, 'utf8')).toString('base64'),
  };
}

function solanaWallet(): TestWallet {
  const keypair = SolanaKeypair.generate();
  const privateKey = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(keypair.secretKey.subarray(0, 32)).toString('base64url'),
      x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url'),
    },
    format: 'jwk',
  });
  return {
    chainFamily: 'solana',
    chainId: 'solana:mainnet',
    address: keypair.publicKey.toBase58(),
    sign: async (message) => encodeBase58(sign(null, Buffer.from(message, 'utf8'), privateKey)),
  };
}

function evmWallet(): TestWallet {
  const wallet = Wallet.createRandom();
  return {
    chainFamily: 'evm',
    chainId: 'eip155:42220',
    address: wallet.address,
    sign: (message) => wallet.signMessage(message),
  };
}

const WALLETS: Record<ChainFamily, () => TestWallet> = {
  stellar: stellarWallet,
  solana: solanaWallet,
  evm: evmWallet,
};

interface Challenge {
  challengeToken: string;
  format: string;
  message: string;
  nonce: string;
  address: string;
  chainFamily: string;
  chainId: string;
  expiresAt: string;
}

interface Tokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

// Stands in for a payout service and keeps the identity the gateway forwarded to it.
async function startIdentityRecorder() {
  const identities: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const header = incoming.headers[INTERNAL_IDENTITY_HEADER];
    if (typeof header === 'string') identities.push(header);
    incoming.resume();
    outgoing.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lastIdentity: async (): Promise<InternalIdentity | null> => {
      const token = identities.at(-1);
      return token ? new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).verify(token) : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A token the gateway would have signed, with claims and times of the test's choosing.
function forgeToken(
  claims: Record<string, unknown>,
  { secret = WALLET_JWT_SECRET, expiresAt = Date.now() + 60_000, subject = 'GABC' } = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('api-gateway')
    .setAudience('payout-api')
    .setSubject(subject)
    .setIssuedAt(Math.floor((expiresAt - 120_000) / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(new TextEncoder().encode(secret));
}

describe('wallet authentication', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let recorder: Awaited<ReturnType<typeof startIdentityRecorder>>;
  let gateway: RunningService;
  // The same gateway with challenges that expire one millisecond after they are issued.
  let hastyGateway: RunningService;
  let http: ReturnType<typeof request>;

  const gatewayEnv = (extra: Record<string, string>) =>
    testGatewayEnv({ quote: recorder.url }, { WALLET_JWT_SECRET, WALLET_AUTH_DOMAIN: DOMAIN, ...extra });

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    recorder = await startIdentityRecorder();
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: gatewayEnv({}),
    });
    hastyGateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: gatewayEnv({ WALLET_CHALLENGE_TTL_MS: '1' }),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await hastyGateway.close();
    await gateway.close();
    await recorder.close();
    await bus.disconnect();
    await database.drop();
  });

  const createPartner = async (name: string) =>
    (await http.post('/ops/partners').set('X-OPS-API-KEY', OPS_KEY).send({ name }).expect(201)).body as {
      partnerId: string;
      apiKey: string;
    };

  const challengeFor = async (apiKey: string, body: object, server = http): Promise<Challenge> =>
    (await server.post('/walletAuth/challenge').set('X-API-Key', apiKey).send(body).expect(200)).body;

  const signIn = async (apiKey: string, wallet: TestWallet): Promise<Tokens> => {
    const challenge = await challengeFor(apiKey, { address: wallet.address });
    const response = await http
      .post('/walletAuth/verify')
      .send({
        address: wallet.address,
        challengeToken: challenge.challengeToken,
        signature: await wallet.sign(challenge.message),
      })
      .expect(200);
    return response.body;
  };

  describe.each(['stellar', 'solana', 'evm'] as const)('%s wallets', (chainFamily) => {
    let partner: { partnerId: string; apiKey: string };

    beforeAll(async () => {
      partner = await createPartner(`Wallet Co ${chainFamily}`);
    });

    it('sign in: challenge, verify, Bearer on GET /partner, refresh, and the old refresh token is spent', async () => {
      const wallet = WALLETS[chainFamily]();

      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });
      expect(challenge).toEqual({
        challengeToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
        format: 'utf8',
        message: expect.any(String),
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        address: wallet.address,
        chainFamily,
        chainId: wallet.chainId,
        expiresAt: expect.any(String),
      });
      const ttl = Date.parse(challenge.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);
      expect(challenge.message).toMatch(
        new RegExp(
          `^${DOMAIN} asks you to sign in with your (Stellar|Solana|EVM) account:\n${wallet.address}\n\n` +
            `Purpose: wallet authentication for the payout API\\. .*\n\n` +
            `Chain ID: ${wallet.chainId}\nNonce: ${challenge.nonce}\n` +
            `Issued At: \\S+\nExpiration Time: ${challenge.expiresAt}$`,
        ),
      );

      const verified = await http
        .post('/walletAuth/verify')
        .send({
          address: wallet.address,
          chainId: wallet.chainId,
          challengeToken: challenge.challengeToken,
          signature: await wallet.sign(challenge.message),
        })
        .expect(200);
      const tokens: Tokens = verified.body;
      expect(tokens).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        expiresIn: 900,
        refreshExpiresIn: 604800,
      });

      const me = await http.get('/partner').set('Authorization', `Bearer ${tokens.token}`).expect(200);
      expect(me.body).toEqual({ id: partner.partnerId, name: `Wallet Co ${chainFamily}` });

      const refreshed = await http
        .post('/walletAuth/refresh')
        .send({ token: tokens.refreshToken })
        .expect(200);
      const next: Tokens = refreshed.body;
      expect(next.refreshToken).not.toBe(tokens.refreshToken);
      await http.get('/partner').set('Authorization', `Bearer ${next.token}`).expect(200);

      const reused = await http.post('/walletAuth/refresh').send({ token: tokens.refreshToken }).expect(401);
      expect(reused.body).toEqual(
        unauthorized('Refresh token already used; the session has ended, sign in again'),
      );
    });

    it('forwards the wallet user to the services', async () => {
      const wallet = WALLETS[chainFamily]();
      const { token } = await signIn(partner.apiKey, wallet);

      await http.get('/quote').set('Authorization', `Bearer ${token}`).expect(200);

      expect(await recorder.lastIdentity()).toEqual({
        kind: 'partner',
        partnerId: partner.partnerId,
        scheme: 'bearer',
        walletUser: wallet.address,
      });
    });

    it('refuses a signature of another message, and the challenge stays usable', async () => {
      const wallet = WALLETS[chainFamily]();
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });
      const proof = { address: wallet.address, challengeToken: challenge.challengeToken };

      const response = await http
        .post('/walletAuth/verify')
        .send({ ...proof, signature: await wallet.sign(`${challenge.message} (altered)`) })
        .expect(401);

      expect(response.body).toEqual(unauthorized('Invalid signature'));
      await http
        .post('/walletAuth/verify')
        .send({ ...proof, signature: await wallet.sign(challenge.message) })
        .expect(200);
    });

    it('refuses a signature made by another key', async () => {
      const wallet = WALLETS[chainFamily]();
      const impostor = WALLETS[chainFamily]();
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });

      const response = await http
        .post('/walletAuth/verify')
        .send({
          address: wallet.address,
          challengeToken: challenge.challengeToken,
          signature: await impostor.sign(challenge.message),
        })
        .expect(401);

      expect(response.body).toEqual(unauthorized('Invalid signature'));
    });

    it('refuses an expired challenge', async () => {
      const wallet = WALLETS[chainFamily]();
      const hasty = request(hastyGateway.app.getHttpServer());
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address }, hasty);
      await expectEventually(() => expect(Date.now()).toBeGreaterThan(Date.parse(challenge.expiresAt)));

      const response = await hasty
        .post('/walletAuth/verify')
        .send({
          address: wallet.address,
          challengeToken: challenge.challengeToken,
          signature: await wallet.sign(challenge.message),
        })
        .expect(401);

      expect(response.body).toEqual(unauthorized('Challenge expired'));
    });

    it('refuses a replayed challenge', async () => {
      const wallet = WALLETS[chainFamily]();
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });
      const proof = {
        address: wallet.address,
        challengeToken: challenge.challengeToken,
        signature: await wallet.sign(challenge.message),
      };
      await http.post('/walletAuth/verify').send(proof).expect(200);

      const replay = await http.post('/walletAuth/verify').send(proof).expect(401);

      expect(replay.body).toEqual(unauthorized('Challenge already used'));
    });

    it('refuses a refresh token as an access token, and an access token as a refresh token', async () => {
      const tokens = await signIn(partner.apiKey, WALLETS[chainFamily]());

      const asAccess = await http
        .get('/partner')
        .set('Authorization', `Bearer ${tokens.refreshToken}`)
        .expect(401);
      const asRefresh = await http.post('/walletAuth/refresh').send({ token: tokens.token }).expect(401);

      expect(asAccess.body).toEqual(unauthorized('Invalid or expired bearer token'));
      expect(asRefresh.body).toEqual(unauthorized('Invalid or expired refresh token'));
    });
  });

  it('documents the wallet routes in the API reference', async () => {
    const document = (await http.get('/openapi.json').expect(200)).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/walletAuth/challenge', '/walletAuth/verify', '/walletAuth/refresh']),
    );
  });

  describe('concurrency', () => {
    it('lets exactly one of two simultaneous verifications of a challenge through', async () => {
      const partner = await createPartner('Race Co');
      const wallet = stellarWallet();
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });
      const proof = {
        address: wallet.address,
        challengeToken: challenge.challengeToken,
        signature: await wallet.sign(challenge.message),
      };

      const responses = await Promise.all([
        http.post('/walletAuth/verify').send(proof),
        http.post('/walletAuth/verify').send(proof),
      ]);

      expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
      expect(responses.find((response) => response.status === 401)?.body).toEqual(
        unauthorized('Challenge already used'),
      );
    });

    it('rotates a refresh token once when it is presented twice at the same time', async () => {
      const partner = await createPartner('Refresh Race Co');
      const { refreshToken } = await signIn(partner.apiKey, solanaWallet());

      const responses = await Promise.all([
        http.post('/walletAuth/refresh').send({ token: refreshToken }),
        http.post('/walletAuth/refresh').send({ token: refreshToken }),
      ]);

      expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
    });
  });

  describe('signature encodings', () => {
    it.each([
      ['stellar', 'signature must be a base64-encoded 64-byte ed25519 signature'],
      ['solana', 'signature must be a base64- or base58-encoded 64-byte ed25519 signature'],
      ['evm', 'signature must be a 0x-prefixed hex personal_sign signature (65 bytes)'],
    ] as const)(
      'answers 400 with the expected encoding for a malformed %s signature',
      async (family, reason) => {
        const partner = await createPartner(`Encoding Co ${family}`);
        const wallet = WALLETS[family]();
        const challenge = await challengeFor(partner.apiKey, { address: wallet.address });

        const response = await http
          .post('/walletAuth/verify')
          .send({
            address: wallet.address,
            challengeToken: challenge.challengeToken,
            signature: 'not-a-signature!',
          })
          .expect(400);

        expect(response.body).toEqual(invalid(reason));
      },
    );

    it('accepts a Solana signature in base64 as well as base58', async () => {
      const partner = await createPartner('Base64 Co');
      const keypair = SolanaKeypair.generate();
      const privateKey = createPrivateKey({
        key: {
          kty: 'OKP',
          crv: 'Ed25519',
          d: Buffer.from(keypair.secretKey.subarray(0, 32)).toString('base64url'),
          x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url'),
        },
        format: 'jwk',
      });
      const address = keypair.publicKey.toBase58();
      const challenge = await challengeFor(partner.apiKey, { address });

      await http
        .post('/walletAuth/verify')
        .send({
          address,
          challengeToken: challenge.challengeToken,
          signature: sign(null, Buffer.from(challenge.message, 'utf8'), privateKey).toString('base64'),
        })
        .expect(200);
    });
  });

  describe('challenge requests', () => {
    let partner: { partnerId: string; apiKey: string };

    beforeAll(async () => {
      partner = await createPartner('Challenge Co');
    });

    it('needs the partner key', async () => {
      const response = await http
        .post('/walletAuth/challenge')
        .send({ address: stellarWallet().address })
        .expect(401);
      expect(response.body).toEqual(unauthorized('Missing or invalid credentials'));
    });

    it('takes the chain from chainId or blockchain, and checksums an EVM address', async () => {
      const wallet = evmWallet();
      const byChainId = await challengeFor(partner.apiKey, {
        address: wallet.address.toLowerCase(),
        chainId: 'eip155:1',
      });
      const byBlockchain = await challengeFor(partner.apiKey, {
        address: wallet.address,
        blockchain: 'CELO',
      });

      expect([byChainId.address, byChainId.chainFamily, byChainId.chainId]).toEqual([
        wallet.address,
        'evm',
        'eip155:1',
      ]);
      expect([byBlockchain.chainFamily, byBlockchain.chainId]).toEqual(['evm', 'eip155:42220']);
      // The lower-case spelling of the address is the same wallet.
      await http
        .post('/walletAuth/verify')
        .send({
          address: wallet.address.toLowerCase(),
          challengeToken: byChainId.challengeToken,
          signature: await wallet.sign(byChainId.message),
        })
        .expect(200);
    });

    it.each([
      [{}, 'address is required'],
      [{ address: 5 }, 'address must be a string'],
      [{ address: 'GABC', extra: true }, 'property extra should not exist'],
      [{ address: 'not-an-address' }, 'address is not a Stellar, Solana or EVM address'],
      [
        { address: 'GABC', chainId: 'stellar' },
        'chainId must be a CAIP-2 chain id such as stellar:pubnet, solana:mainnet or eip155:42220',
      ],
      [
        { address: 'GABC', blockchain: 'BITCOIN' },
        'blockchain must be one of the following values: STELLAR, SOLANA, CELO',
      ],
      [
        { address: '0x0000000000000000000000000000000000000001', chainId: 'cosmos:cosmoshub-4' },
        'chainId cosmos:cosmoshub-4 is not supported; use a stellar:, solana: or eip155: chain',
      ],
      [
        { address: '0x0000000000000000000000000000000000000001', chainId: 'solana:mainnet' },
        'address is not a valid Solana public key (base58)',
      ],
      [
        { address: '0x0000000000000000000000000000000000000001', chainId: 'eip155:1', blockchain: 'STELLAR' },
        'chainId eip155:1 is not a chain of blockchain STELLAR',
      ],
    ])('refuses %j with 400', async (body, reason) => {
      const response = await http
        .post('/walletAuth/challenge')
        .set('X-API-Key', partner.apiKey)
        .send(body)
        .expect(400);
      expect(response.body).toEqual(invalid(reason));
    });
  });

  describe('verify requests', () => {
    let partner: { partnerId: string; apiKey: string };

    beforeAll(async () => {
      partner = await createPartner('Verify Co');
    });

    it.each([
      [{ challengeToken: randomUUID(), signature: 'x' }, 'address is required'],
      [{ address: 'GABC', signature: 'x' }, 'challengeToken is required'],
      [
        { address: 'GABC', challengeToken: 'abc', signature: 'x' },
        'challengeToken must be the challengeToken of a challenge',
      ],
      [{ address: 'GABC', challengeToken: randomUUID() }, 'signature is required'],
      [
        { address: 'GABC', challengeToken: randomUUID(), signature: 'x', signedXDR: 'AAAA' },
        'property signedXDR should not exist',
      ],
    ])('refuses %j with 400', async (body, reason) => {
      const response = await http.post('/walletAuth/verify').send(body).expect(400);
      expect(response.body).toEqual(invalid(reason));
    });

    it('refuses an unknown challenge', async () => {
      const wallet = stellarWallet();
      const response = await http
        .post('/walletAuth/verify')
        .send({ address: wallet.address, challengeToken: randomUUID(), signature: await wallet.sign('x') })
        .expect(401);
      expect(response.body).toEqual(unauthorized('Unknown challenge'));
    });

    it('refuses a challenge issued for another address or chain', async () => {
      const wallet = stellarWallet();
      const other = stellarWallet();
      const challenge = await challengeFor(partner.apiKey, { address: wallet.address });
      const signature = await wallet.sign(challenge.message);
      const proof = { challengeToken: challenge.challengeToken, signature };

      const otherAddress = await http
        .post('/walletAuth/verify')
        .send({ ...proof, address: other.address })
        .expect(401);
      const otherChain = await http
        .post('/walletAuth/verify')
        .send({ ...proof, address: wallet.address, chainId: 'stellar:testnet' })
        .expect(401);

      expect(otherAddress.body).toEqual(unauthorized('Challenge was issued for another address'));
      expect(otherChain.body).toEqual(unauthorized('Challenge was issued for chain stellar:pubnet'));
    });
  });

  describe('bearer tokens', () => {
    let partner: { partnerId: string; apiKey: string };
    let tokens: Tokens;
    const wallet = stellarWallet();
    const claims = () => ({
      typ: 'access',
      partnerId: partner.partnerId,
      chainFamily: 'stellar',
      chainId: 'stellar:pubnet',
    });

    beforeAll(async () => {
      partner = await createPartner('Bearer Co');
      tokens = await signIn(partner.apiKey, wallet);
    });

    it('accepts the scheme name in any case', async () => {
      await http.get('/partner').set('Authorization', `bearer ${tokens.token}`).expect(200);
    });

    it('accepts a token forged with the right secret (the control for the cases below)', async () => {
      const token = await forgeToken(claims(), { subject: wallet.address });
      await http.get('/partner').set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('refuses an expired access token', async () => {
      const token = await forgeToken(claims(), { subject: wallet.address, expiresAt: Date.now() - 1_000 });
      const response = await http.get('/partner').set('Authorization', `Bearer ${token}`).expect(401);
      expect(response.body).toEqual(unauthorized('Invalid or expired bearer token'));
    });

    it('refuses a token signed with another secret', async () => {
      const token = await forgeToken(claims(), {
        subject: wallet.address,
        secret: `${WALLET_JWT_SECRET}-other`,
      });
      const response = await http.get('/partner').set('Authorization', `Bearer ${token}`).expect(401);
      expect(response.body).toEqual(unauthorized('Invalid or expired bearer token'));
    });

    it.each(['not.a.token', 'eyJhbGciOiJIUzI1NiJ9.e30.', 'x'])(
      'refuses the malformed token %s',
      async (token) => {
        const response = await http.get('/partner').set('Authorization', `Bearer ${token}`).expect(401);
        expect(response.body).toEqual(unauthorized('Invalid or expired bearer token'));
      },
    );

    it.each([
      ['no scheme', (token: string) => token],
      ['another scheme', (token: string) => `Basic ${token}`],
      ['the scheme alone', () => 'Bearer'],
      ['two tokens', (token: string) => `Bearer ${token} ${token}`],
    ])('refuses an Authorization header with %s', async (_case, header) => {
      const response = await http.get('/partner').set('Authorization', header(tokens.token)).expect(401);
      expect(response.body).toEqual(unauthorized('Authorization must be "Bearer <access token>"'));
    });

    it('does not let a wallet token reach the operations routes', async () => {
      const response = await http
        .get(`/ops/partners/${partner.partnerId}/keys`)
        .set('Authorization', `Bearer ${tokens.token}`)
        .expect(401);
      expect(response.body).toEqual(unauthorized('Missing or invalid credentials'));
    });

    it('lets a signed-in wallet ask for another challenge', async () => {
      await http
        .post('/walletAuth/challenge')
        .set('Authorization', `Bearer ${tokens.token}`)
        .send({ address: wallet.address })
        .expect(200);
    });

    it('refreshes even when the expired access token is still attached', async () => {
      const session = await signIn(partner.apiKey, stellarWallet());
      const expired = await forgeToken(claims(), { subject: wallet.address, expiresAt: Date.now() - 1_000 });

      await http
        .post('/walletAuth/refresh')
        .set('Authorization', `Bearer ${expired}`)
        .send({ token: session.refreshToken })
        .expect(200);
    });
  });

  describe('API key and bearer token together', () => {
    let partner: { partnerId: string; apiKey: string };
    let tokens: Tokens;
    const wallet = solanaWallet();

    beforeAll(async () => {
      partner = await createPartner('Both Co');
      tokens = await signIn(partner.apiKey, wallet);
    });

    it("acts as the partner's wallet user when both name the same partner", async () => {
      await http
        .get('/quote')
        .set('X-API-Key', partner.apiKey)
        .set('Authorization', `Bearer ${tokens.token}`)
        .expect(200);

      expect(await recorder.lastIdentity()).toEqual({
        kind: 'partner',
        partnerId: partner.partnerId,
        scheme: 'bearer',
        walletUser: wallet.address,
      });
    });

    it('refuses a key and a token of different partners', async () => {
      const other = await createPartner('Other Both Co');
      const response = await http
        .get('/partner')
        .set('X-API-Key', other.apiKey)
        .set('Authorization', `Bearer ${tokens.token}`)
        .expect(401);
      expect(response.body).toEqual(unauthorized('X-API-Key and bearer token belong to different partners'));
    });

    it('refuses when either of the two is wrong', async () => {
      const badKey = await http
        .get('/partner')
        .set('X-API-Key', 'pk_not-a-real-key')
        .set('Authorization', `Bearer ${tokens.token}`)
        .expect(401);
      const badToken = await http
        .get('/partner')
        .set('X-API-Key', partner.apiKey)
        .set('Authorization', 'Bearer not.a.token')
        .expect(401);

      expect(badKey.body).toEqual(unauthorized('Invalid API key'));
      expect(badToken.body).toEqual(unauthorized('Invalid or expired bearer token'));
    });
  });

  describe('refresh requests', () => {
    it.each([
      [{}, 400, invalid('token is required')],
      [{ token: 'garbage' }, 401, unauthorized('Invalid or expired refresh token')],
    ])('refuses %j', async (body, status, expected) => {
      const response = await http.post('/walletAuth/refresh').send(body).expect(status);
      expect(response.body).toEqual(expected);
    });

    it('refuses an expired refresh token and one that was never issued', async () => {
      const partner = await createPartner('Refresh Co');
      const claims = {
        typ: 'refresh',
        partnerId: partner.partnerId,
        chainFamily: 'stellar',
        chainId: 'stellar:pubnet',
        sid: randomUUID(),
        jti: randomUUID(),
      };
      const expired = await forgeToken(claims, { expiresAt: Date.now() - 1_000 });
      const neverIssued = await forgeToken(claims);

      for (const token of [expired, neverIssued]) {
        const response = await http.post('/walletAuth/refresh').send({ token }).expect(401);
        expect(response.body).toEqual(unauthorized('Invalid or expired refresh token'));
      }
    });

    it('ends the session when a spent refresh token comes back: its newest token stops working too', async () => {
      const partner = await createPartner('Stolen Co');
      const first = await signIn(partner.apiKey, evmWallet());
      const second: Tokens = (
        await http.post('/walletAuth/refresh').send({ token: first.refreshToken }).expect(200)
      ).body;

      await http.post('/walletAuth/refresh').send({ token: first.refreshToken }).expect(401);
      const response = await http
        .post('/walletAuth/refresh')
        .send({ token: second.refreshToken })
        .expect(401);

      expect(response.body).toEqual(
        unauthorized('Refresh token already used; the session has ended, sign in again'),
      );
    });
  });
});
