import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus, type EventEnvelope } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  TEST_INTERNAL_AUTH_SECRET,
  TEST_OPS_API_KEY,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import { ServiceName, type InternalIdentity, type KycSubmissionDecidedV1 } from '@shared/contracts';
import { DocumentVault } from '../src/documents/document-vault.js';
import { kycServiceDefinition } from '../src/kyc-service.definition.js';
import { KycSubmissionsRepository } from '../src/submissions/kyc-submissions.repository.js';
import { eicarPdf, executable, heic, jpeg, pdf, png, text, webp, zip } from './document-fixtures.js';
import { FakeClamd, UNSCANNABLE } from './fake-clamd.js';

const MIB = 1024 * 1024;
const MAX_DOCUMENT_BYTES = 8 * MIB;
const WALLET = 'GBWALLETUSER7QXJ3V4Z5KQ2Q6WQJ3O2ZB5C3M7Q4N2D6X5V7L3K2H4F6';

interface Upload {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly filename: string;
}

const upload = (bytes: Buffer, contentType: string, filename = 'document'): Upload => ({
  bytes,
  contentType,
  filename,
});
const passportScan = () => upload(png(), 'image/png', 'passport.png');

const person = {
  fullName: 'Ana María Pérez',
  documentType: 'PASSPORT',
  documentNumber: 'PX7734215',
  dateOfBirth: '1990-04-23',
  nationality: 'CO',
  city: 'Bogotá',
  address: 'Calle 80 # 12-34, apto 501',
  email: 'ana.perez@example.com',
  phone: '+57 300 123 4567',
};
const REQUIRED_FIELDS = ['userId', ...Object.keys(person)];

const refusal = (reason: string) => ({ code: 'invalid_request', reason, retryable: false });
const PDF_OF_EXACTLY_THE_LIMIT = () => {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(MAX_DOCUMENT_BYTES - head.length - tail.length, 0x41), tail]);
};

describe('KYC through the gateway', () => {
  let database: TestDatabase;
  let storageDir: string;
  const bus = new InMemoryEventBus();
  const clamd = new FakeClamd();
  const decided: EventEnvelope[] = [];
  let kycService: RunningService;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let partnerA: { apiKey: string; partnerId: string };
  let partnerB: { apiKey: string; partnerId: string };
  let users = 0;
  const newUser = () => `user-${++users}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    database = await startTestDatabase();
    storageDir = await mkdtemp(join(tmpdir(), 'kyc-e2e-'));
    await bus.connect();
    await bus.subscribe({
      groupId: 'test',
      topics: ['kyc.submission.decided.v1'],
      handle: async (event) => void decided.push(event),
    });
    kycService = await startTestService(kycServiceDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        KYC_STORAGE_DIR: join(storageDir, 'documents'),
        KYC_CLAMD_ADDRESS: await clamd.start(),
      },
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: kycService.url, kyc: kycService.url }),
    });
    http = request(gateway.app.getHttpServer());
    const createPartner = async (name: string) =>
      (await http.post('/ops/partners').set('X-OPS-API-KEY', TEST_OPS_API_KEY).send({ name }).expect(201))
        .body as { apiKey: string; partnerId: string };
    partnerA = await createPartner('KYC partner A');
    partnerB = await createPartner('KYC partner B');
  });

  afterAll(async () => {
    await gateway.close();
    await kycService.close();
    await bus.disconnect();
    await clamd.stop();
    await database.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  // Sends the form field by field; `undefined` leaves a field out, `null` leaves out the file.
  const submit = (
    fields: Record<string, string | undefined>,
    document: Upload | null = passportScan(),
    apiKey = partnerA.apiKey,
  ) => {
    let call = http.post('/kyc').set('X-API-Key', apiKey);
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined) call = call.field(name, value);
    if (document)
      call = call.attach('document', document.bytes, {
        filename: document.filename,
        contentType: document.contentType,
      });
    return call;
  };
  const form = (overrides: Record<string, string | undefined> = {}) => ({
    userId: newUser(),
    ...person,
    ...overrides,
  });
  const statusOf = async (userId: string, apiKey = partnerA.apiKey) =>
    (await http.get('/kyc/status').query({ userId }).set('X-API-Key', apiKey).expect(200)).body;
  const storedDocuments = async () =>
    (await readdir(join(storageDir, 'documents'))).filter((name) => name.endsWith('.sealed'));
  const decisionFor = (userId: string) =>
    expectEventually(() => {
      const event = decided.find((e) => (e.payload as KycSubmissionDecidedV1).userId === userId);
      expect(event).toBeDefined();
      return event!.payload as KycSubmissionDecidedV1;
    });

  describe('POST /kyc', () => {
    it.each([
      ['a JPEG', upload(jpeg(), 'image/jpeg', 'id.jpg')],
      ['a PNG', upload(png(), 'image/png', 'id.png')],
      ['a WebP', upload(webp(), 'image/webp', 'id.webp')],
      ['a HEIC', upload(heic(), 'image/heic', 'id.heic')],
      ['a PDF', upload(pdf(), 'application/pdf', 'id.pdf')],
      ['a file declared only as binary', upload(pdf(), 'application/octet-stream', 'id.bin')],
    ])('approves a complete submission with %s at once', async (_case, document) => {
      const response = await submit(form(), document).expect(201);
      expect(response.body).toEqual({ status: 'APPROVED' });
    });

    it('accepts a document of exactly the size limit', async () => {
      const response = await submit(form(), upload(PDF_OF_EXACTLY_THE_LIMIT(), 'application/pdf')).expect(
        201,
      );
      expect(response.body).toEqual({ status: 'APPROVED' });
    });

    it('answers 413 with the payout error body for a document one byte over the limit', async () => {
      const oversize = Buffer.concat([png(), Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - png().length)]);
      const response = await submit(form(), upload(oversize, 'image/png', 'huge.png')).expect(413);
      expect(response.body).toEqual(refusal('document must not exceed 8388608 bytes'));
    });

    describe('refuses spoofed documents', () => {
      const unsupported = 'document must be a JPEG, PNG, WebP or HEIC image, or a PDF';
      it.each([
        [
          'a PNG declared as a PDF',
          upload(png(), 'application/pdf', 'statement.pdf'),
          'document is declared as application/pdf but its content is image/png',
        ],
        [
          'a PDF declared as a JPEG',
          upload(pdf(), 'image/jpeg', 'id.jpg'),
          'document is declared as image/jpeg but its content is application/pdf',
        ],
        ['an executable declared as a PNG', upload(executable(), 'image/png', 'id.png'), unsupported],
        ['a ZIP archive declared as a PNG', upload(zip(), 'image/png', 'id.png'), unsupported],
        ['text renamed .jpg', upload(text(), 'image/jpeg', 'passport.jpg'), unsupported],
      ])('%s', async (_case, document, reason) => {
        const response = await submit(form(), document).expect(400);
        expect(response.body).toEqual(refusal(reason));
      });
    });

    describe('refuses truncated and corrupt documents', () => {
      const incomplete = (label: string) => `document is not a complete ${label} file (truncated or corrupt)`;
      const cut = (bytes: Buffer, keep: number) => bytes.subarray(0, keep);
      it.each([
        ['a PNG cut short', upload(cut(png(), 40), 'image/png'), 'PNG'],
        ['a JPEG without its end', upload(cut(jpeg(), jpeg().length - 2), 'image/jpeg'), 'JPEG'],
        ['a WebP cut short', upload(cut(webp(), 30), 'image/webp'), 'WebP'],
        ['a HEIC cut inside its box', upload(cut(heic(), 20), 'image/heic'), 'HEIC'],
        ['a PDF without %%EOF', upload(cut(pdf(), 100), 'application/pdf'), 'PDF'],
      ])('%s', async (_case, document, label) => {
        const response = await submit(form(), document).expect(400);
        expect(response.body).toEqual(refusal(incomplete(label)));
      });

      it('refuses an empty file', async () => {
        const response = await submit(form(), upload(Buffer.alloc(0), 'image/png')).expect(400);
        expect(response.body).toEqual(refusal('document is empty'));
      });
    });

    describe('requires every field', () => {
      it.each(REQUIRED_FIELDS)('answers invalid_request without %s', async (field) => {
        const response = await submit(form({ [field]: undefined })).expect(400);
        expect(response.body).toEqual(refusal(`${field} is required`));
      });

      it('answers invalid_request without document', async () => {
        const response = await submit(form(), null).expect(400);
        expect(response.body).toEqual(refusal('document is required'));
      });
    });

    it.each([
      ['an empty name', { fullName: '' }, 'fullName must not be empty'],
      ['a blank city', { city: '   ' }, 'city must not be empty'],
      ['a name that is too long', { fullName: 'A'.repeat(201) }, 'fullName must be at most 200 characters'],
      ['a user id that is too long', { userId: 'u'.repeat(129) }, 'userId must be at most 128 characters'],
      ['a phone that is too long', { phone: '1'.repeat(33) }, 'phone must be at most 32 characters'],
      [
        'an unknown document type',
        { documentType: 'LIBRARY_CARD' },
        'documentType must be one of the following values: NATIONAL_ID, PASSPORT, DRIVERS_LICENSE, FOREIGN_ID, OTHER',
      ],
      [
        'a document type in lower case',
        { documentType: 'passport' },
        'documentType must be one of the following values: NATIONAL_ID, PASSPORT, DRIVERS_LICENSE, FOREIGN_ID, OTHER',
      ],
      [
        'a date of birth in the future',
        { dateOfBirth: '2999-01-01' },
        'dateOfBirth must be a date in the past',
      ],
      [
        'a date of birth that is not a date',
        { dateOfBirth: 'yesterday' },
        'dateOfBirth must be a date formatted YYYY-MM-DD (ISO 8601)',
      ],
      [
        'a date of birth that does not exist',
        { dateOfBirth: '1990-02-30' },
        'dateOfBirth must be a date formatted YYYY-MM-DD (ISO 8601)',
      ],
      [
        'a date of birth in another format',
        { dateOfBirth: '23/04/1990' },
        'dateOfBirth must be a date formatted YYYY-MM-DD (ISO 8601)',
      ],
      ['an invalid e-mail', { email: 'ana.perez@' }, 'email must be a valid e-mail address'],
      ['an e-mail without a domain', { email: 'ana.perez' }, 'email must be a valid e-mail address'],
      ['an unknown field', { nickname: 'Anita' }, 'property nickname should not exist'],
      ['a document sent as text', { document: 'passport.png' }, 'document must be sent as a file'],
    ])('answers invalid_request for %s', async (_case, overrides, reason) => {
      const response = await submit(form(overrides)).expect(400);
      expect(response.body).toEqual(refusal(reason));
    });

    it('refuses a date of birth of today, and accepts a full ISO date-time in the past', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect((await submit(form({ dateOfBirth: today })).expect(400)).body).toEqual(
        refusal('dateOfBirth must be a date in the past'),
      );
      await submit(form({ dateOfBirth: '1990-04-23T00:00:00.000Z' })).expect(201);
    });

    it('answers invalid_request for a body that is not multipart/form-data', async () => {
      const response = await http.post('/kyc').set('X-API-Key', partnerA.apiKey).send(form()).expect(400);
      expect(response.body).toEqual(refusal('The request must be multipart/form-data'));
    });

    it('answers invalid_request for a second file or a file in another field', async () => {
      const reason = 'Send exactly one file, in the document field';
      const twoFiles = submit(form()).attach('document', png(), {
        filename: 'b.png',
        contentType: 'image/png',
      });
      expect((await twoFiles.expect(400)).body).toEqual(refusal(reason));
      const elsewhere = submit(form(), null).attach('selfie', png(), {
        filename: 'selfie.png',
        contentType: 'image/png',
      });
      expect((await elsewhere.expect(400)).body).toEqual(refusal(reason));
    });

    it('answers invalid_request for an oversized field or a malformed body', async () => {
      expect((await submit(form({ address: 'x'.repeat(5000) })).expect(400)).body).toEqual(
        refusal('The form has too many fields or a field that is too long'),
      );
      const malformed = await http
        .post('/kyc')
        .set('X-API-Key', partnerA.apiKey)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="userId"\r\n\r\nuser')
        .expect(400);
      expect(malformed.body).toEqual(refusal('The multipart body is malformed'));
    });

    it('keeps no document of a refused submission', async () => {
      const before = await storedDocuments();
      await submit(form({ email: 'nope' })).expect(400);
      await submit(form(), upload(png(), 'application/pdf')).expect(400);
      expect(await storedDocuments()).toEqual(before);
    });

    it('refuses a document carrying malware and keeps nothing of it', async () => {
      const userId = newUser();
      const before = await storedDocuments();
      const scans = clamd.scans;

      const response = await submit(form({ userId }), upload(eicarPdf(), 'application/pdf')).expect(400);

      expect(response.body).toEqual(
        refusal('document was refused by the malware scan (Eicar-Test-Signature); nothing of it was kept'),
      );
      expect(clamd.scans).toBe(scans + 1);
      expect(await storedDocuments()).toEqual(before);
      expect(await statusOf(userId)).toEqual({ hasApproved: false, status: null });
    });

    it('answers 503, retryable, and keeps nothing when the document cannot be scanned', async () => {
      const before = await storedDocuments();
      const response = await submit(form(), upload(pdf(UNSCANNABLE), 'application/pdf')).expect(503);
      expect(response.body).toEqual({
        code: 'server_error',
        reason: 'The document could not be scanned for malware; try again shortly',
        retryable: true,
      });
      expect(await storedDocuments()).toEqual(before);
    });

    it('answers 401 without a credential', async () => {
      const response = await http.post('/kyc').field('userId', 'x').expect(401);
      expect(response.body).toMatchObject({ code: 'authentication_failed' });
    });
  });

  describe('stored submissions', () => {
    it('keeps the document encrypted on disk and the personal data sealed in the database', async () => {
      const userId = newUser();
      const document = jpeg();
      await submit(form({ userId }), upload(document, 'image/jpeg', 'passport.jpg')).expect(201);
      const { submissionId } = await decisionFor(userId);

      const onDisk = await readFile(join(storageDir, 'documents', `${submissionId}.sealed`));
      expect(onDisk).toHaveLength(12 + 16 + document.length);
      expect(onDisk.includes(document.subarray(20, 60))).toBe(false);
      expect(onDisk.subarray(28)).not.toEqual(document);
      expect(await kycService.app.get(DocumentVault).read(submissionId)).toEqual(document);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client
        .query('SELECT * FROM kyc.kyc_submission WHERE id = $1', [submissionId])
        .finally(() => client.end());
      const row = rows[0] as Record<string, unknown>;
      expect(row).toMatchObject({ partner_id: partnerA.partnerId, user_id: userId, status: 'APPROVED' });
      const rawRow = Buffer.concat(
        Object.values(row).map((value) => (Buffer.isBuffer(value) ? value : Buffer.from(String(value)))),
      );
      for (const value of Object.values(person).filter((v) => v !== 'PASSPORT')) {
        expect(rawRow.includes(Buffer.from(value, 'utf8'))).toBe(false);
      }

      const stored = await kycService.app
        .get(KycSubmissionsRepository)
        .findForPartner(partnerA.partnerId, submissionId);
      expect(stored).toMatchObject({
        userId,
        status: 'APPROVED',
        documentType: 'PASSPORT',
        document: { storageKey: submissionId, mimeType: 'image/jpeg', sizeBytes: document.length },
        personalData: {
          fullName: person.fullName,
          documentNumber: person.documentNumber,
          dateOfBirth: person.dateOfBirth,
          nationality: person.nationality,
          city: person.city,
          address: person.address,
          email: person.email,
          phone: person.phone,
        },
      });
      expect(
        await kycService.app.get(KycSubmissionsRepository).findForPartner(partnerB.partnerId, submissionId),
      ).toBeNull();
    });

    it('announces the decision with kyc.submission.decided.v1', async () => {
      const userId = newUser();
      await submit(form({ userId })).expect(201);
      const payload = await decisionFor(userId);
      expect(payload).toEqual({
        submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        partnerId: partnerA.partnerId,
        userId,
        status: 'APPROVED',
        decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    });
  });

  describe('GET /kyc/status', () => {
    it('answers null for a user who never submitted, APPROVED after a submission', async () => {
      const userId = newUser();
      expect(await statusOf(userId)).toEqual({ hasApproved: false, status: null });
      await submit(form({ userId })).expect(201);
      expect(await statusOf(userId)).toEqual({ hasApproved: true, status: 'APPROVED' });
    });

    it("treats another partner's user as one who never submitted", async () => {
      const userId = newUser();
      await submit(form({ userId })).expect(201);
      expect(await statusOf(userId, partnerB.apiKey)).toEqual({ hasApproved: false, status: null });
      expect(await statusOf(userId, partnerA.apiKey)).toEqual({ hasApproved: true, status: 'APPROVED' });
    });

    it.each([
      ['without userId', {}, 'userId is required'],
      ['with an empty userId', { userId: '' }, 'userId must not be empty'],
      ['with an unknown parameter', { userId: 'u', page: '2' }, 'property page should not exist'],
    ])('answers invalid_request %s', async (_case, query, reason) => {
      const response = await http
        .get('/kyc/status')
        .query(query)
        .set('X-API-Key', partnerA.apiKey)
        .expect(400);
      expect(response.body).toEqual(refusal(reason));
    });

    it('answers 401 without a credential', async () => {
      await http.get('/kyc/status').query({ userId: 'u' }).expect(401);
    });
  });

  // The gateway turns a wallet's Bearer token into a partner identity carrying the wallet; the
  // service is called with that identity directly.
  describe('Bearer (wallet) callers', () => {
    const asWallet = async (walletUser: string | null) => {
      const identity: InternalIdentity = {
        kind: 'partner',
        partnerId: partnerA.partnerId,
        scheme: 'bearer',
        walletUser,
      };
      return new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign(identity);
    };
    const direct = () => request(kycService.url);

    it('may submit and read only their own KYC', async () => {
      const token = await asWallet(WALLET);
      const someoneElse = newUser();
      await submit(form({ userId: someoneElse })).expect(201);

      const refused = await direct()
        .post('/kyc')
        .set('x-internal-identity', token)
        .field(form({ userId: someoneElse }))
        .attach('document', png(), { filename: 'id.png', contentType: 'image/png' })
        .expect(400);
      expect(refused.body).toEqual(refusal('userId must be the wallet user the Bearer token was issued to'));
      const othersStatus = await direct()
        .get('/kyc/status')
        .query({ userId: someoneElse })
        .set('x-internal-identity', token)
        .expect(200);
      expect(othersStatus.body).toEqual({ hasApproved: false, status: null });

      await direct()
        .post('/kyc')
        .set('x-internal-identity', token)
        .field(form({ userId: WALLET }))
        .attach('document', png(), { filename: 'id.png', contentType: 'image/png' })
        .expect(201);
      const ownStatus = await direct()
        .get('/kyc/status')
        .query({ userId: WALLET })
        .set('x-internal-identity', token)
        .expect(200);
      expect(ownStatus.body).toEqual({ hasApproved: true, status: 'APPROVED' });
    });

    it('speak for nobody when the token carries no wallet user', async () => {
      const token = await asWallet(null);
      const response = await direct()
        .get('/kyc/status')
        .query({ userId: WALLET })
        .set('x-internal-identity', token)
        .expect(200);
      expect(response.body).toEqual({ hasApproved: false, status: null });
    });
  });

  describe('GET /internal/kyc/status', () => {
    let serviceToken: string;
    beforeAll(async () => {
      serviceToken = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.TransactionService,
      });
    });
    const read = (query: Record<string, string>) =>
      request(kycService.url)
        .get('/internal/kyc/status')
        .query(query)
        .set('x-internal-identity', serviceToken);

    it("answers a partner's user's status to another service, scoped to that partner", async () => {
      const userId = newUser();
      expect((await read({ partnerId: partnerA.partnerId, userId }).expect(200)).body).toEqual({
        hasApproved: false,
        status: null,
      });
      await submit(form({ userId })).expect(201);
      expect((await read({ partnerId: partnerA.partnerId, userId }).expect(200)).body).toEqual({
        hasApproved: true,
        status: 'APPROVED',
      });
      expect((await read({ partnerId: partnerB.partnerId, userId }).expect(200)).body).toEqual({
        hasApproved: false,
        status: null,
      });
    });

    it.each([
      [{ userId: 'u' }, 'partnerId is required'],
      [{ partnerId: 'not-a-uuid', userId: 'u' }, 'partnerId must be a UUID'],
      [{ partnerId: '00000000-0000-4000-8000-000000000000' }, 'userId is required'],
    ])('answers invalid_request for %j', async (query, reason) => {
      const response = await read(query).expect(400);
      expect(response.body).toEqual(refusal(reason));
    });

    it('is for services only, and never reachable through the gateway', async () => {
      const partnerToken = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'partner',
        partnerId: partnerA.partnerId,
        scheme: 'api_key',
        walletUser: null,
      });
      await request(kycService.url)
        .get('/internal/kyc/status')
        .query({ partnerId: partnerA.partnerId, userId: 'u' })
        .set('x-internal-identity', partnerToken)
        .expect(401);
      await http
        .get('/internal/kyc/status')
        .query({ partnerId: partnerA.partnerId, userId: 'u' })
        .set('X-API-Key', partnerA.apiKey)
        .expect(404);
    });
  });
});
