import { describe, expect, it } from '@jest/globals';
import type { TransactionalOutbox } from '@platform/messaging';
import type { PayoutTopics } from '@shared/contracts';
import { FixedClock, type IdGenerator } from '@shared/util';
import { pdf } from '../../test/document-fixtures.js';
import type { DocumentVault } from '../documents/document-vault.js';
import type { MalwareScanner, ScanVerdict } from '../documents/malware-scanner.js';
import type { KycCaller } from './kyc-caller.js';
import { KycDocumentType } from './kyc-document-type.js';
import type { KycSubmissionsRepository } from './kyc-submissions.repository.js';
import { KycError, KycErrorCode } from '../core/errors/kyc.errors.js';
import { SubmitKycUseCase, type KycForm } from './submit-kyc.use-case.js';

const form: KycForm = {
  userId: 'user-1',
  documentType: KycDocumentType.PASSPORT,
  fullName: 'Ana María Pérez',
  documentNumber: 'PX7734215',
  dateOfBirth: '1990-04-23',
  nationality: 'CO',
  city: 'Bogotá',
  address: 'Calle 80 # 12-34',
  email: 'ana.perez@example.com',
  phone: '+57 300 123 4567',
};
const caller: KycCaller = { partnerId: '0b9d7c3e-0000-4000-8000-000000000001', scope: 'partner' };
const upload = { bytes: pdf(), declaredType: 'application/pdf' };

class FakeScanner implements MalwareScanner {
  readonly scanned: Buffer[] = [];
  constructor(private readonly answer: () => Promise<ScanVerdict>) {}

  scan(bytes: Buffer): Promise<ScanVerdict> {
    this.scanned.push(bytes);
    return this.answer();
  }
}

// Records what would have been kept: a stored document, a committed row.
function system(scanner: MalwareScanner | null) {
  const stored: string[] = [];
  const committed: string[] = [];
  const vault = { store: async (key: string) => void stored.push(key), discard: async () => undefined };
  const outbox = {
    run: async (work: (tx: object) => Promise<void>) => work({ publish: async () => undefined }),
  };
  const submissions = {
    insert: async (_unit: object, row: { id: string }) => void committed.push(row.id),
  };
  const sut = new SubmitKycUseCase(
    submissions as unknown as KycSubmissionsRepository,
    vault as unknown as DocumentVault,
    outbox as unknown as TransactionalOutbox<PayoutTopics>,
    new FixedClock(new Date('2026-11-26T12:00:00Z')),
    { uuid: () => '0b9d7c3e-0000-4000-8000-0000000000aa' } as IdGenerator,
    scanner,
  );
  return { sut, stored, committed };
}

async function refusalOf(promise: Promise<unknown>): Promise<KycError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof KycError)) throw new Error(`expected a KycError, got ${String(error)}`);
  return error;
}

describe(SubmitKycUseCase.name, () => {
  it('refuses an infected document and keeps nothing of it', async () => {
    const scanner = new FakeScanner(async () => ({ infected: true, signature: 'Eicar-Test-Signature' }));
    const { sut, stored, committed } = system(scanner);

    const error = await refusalOf(sut.execute(caller, form, upload));

    expect({ code: error.code, reason: error.reason }).toEqual({
      code: KycErrorCode.DOCUMENT_INFECTED,
      reason: 'document was refused by the malware scan (Eicar-Test-Signature); nothing of it was kept',
    });
    expect(scanner.scanned).toEqual([upload.bytes]);
    expect({ stored, committed }).toEqual({ stored: [], committed: [] });
  });

  it('keeps nothing when the scan cannot be made, and says to try again', async () => {
    const { sut, stored, committed } = system(
      new FakeScanner(() => Promise.reject(new Error('ECONNREFUSED'))),
    );

    const error = await refusalOf(sut.execute(caller, form, upload));

    expect(error.code).toBe(KycErrorCode.SCANNER_UNAVAILABLE);
    expect({ stored, committed }).toEqual({ stored: [], committed: [] });
  });

  it('keeps a clean document, and keeps documents unscanned where no scanner is configured', async () => {
    const scanner = new FakeScanner(async () => ({ infected: false }));
    for (const configured of [scanner, null]) {
      const { sut, stored, committed } = system(configured);
      expect(await sut.execute(caller, form, upload)).toEqual({ status: 'APPROVED' });
      expect({ stored, committed }).toEqual({
        stored: ['0b9d7c3e-0000-4000-8000-0000000000aa'],
        committed: ['0b9d7c3e-0000-4000-8000-0000000000aa'],
      });
    }
    expect(scanner.scanned).toHaveLength(1);
  });
});
