import { IsInt, IsNotEmpty, IsOptional, Matches, Max, Min } from 'class-validator';
import { Secret } from '@platform/config';

const MIB = 1024 * 1024;

export class KycServiceConfig {
  // Base64 of 32 random bytes (`openssl rand -base64 32`). HKDF derives the document key and the
  // PII column key from it; losing it loses every stored document and personal record.
  @Secret()
  @Matches(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/, {
    message: 'KYC_ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32)',
  })
  KYC_ENCRYPTION_KEY!: string;

  // Directory of the encrypted documents; created at boot when missing, must be writable.
  @IsNotEmpty({ message: 'KYC_STORAGE_DIR is required' })
  KYC_STORAGE_DIR!: string;

  // Largest document accepted; above it POST /kyc answers 413. The gateway's MAX_UPLOAD_BYTES
  // must leave room for it plus the form fields.
  @IsInt()
  @Min(1024)
  @Max(64 * MIB)
  KYC_MAX_DOCUMENT_BYTES: number = 8 * MIB;

  // clamd (ClamAV) scans every document before anything of it is kept: `host:port`, or the
  // absolute path of its unix socket. Unset, documents are kept unscanned (the boot log says so).
  // clamd's StreamMaxLength must be at least KYC_MAX_DOCUMENT_BYTES.
  @IsOptional()
  @Matches(/^(\/\S+|[A-Za-z0-9.-]+:\d{1,5}|\[[0-9A-Fa-f:.]+\]:\d{1,5})$/, {
    message: 'KYC_CLAMD_ADDRESS must be host:port or the absolute path of a unix socket',
  })
  KYC_CLAMD_ADDRESS?: string;

  // How long one document's scan may take, connection included.
  @IsInt()
  @Min(100)
  KYC_CLAMD_TIMEOUT_MS: number = 30_000;
}
