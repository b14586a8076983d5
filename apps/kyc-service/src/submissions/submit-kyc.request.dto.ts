import { ApiProperty } from '@nestjs/swagger';
import { IsEmpty } from 'class-validator';
import { DateField, EmailField, EnumField, TextField, UserIdField } from './kyc-form.fields.js';
import { KycDocumentType } from './kyc-document-type.js';
import type { KycForm } from './submit-kyc.use-case.js';

// The text fields of POST /kyc (multipart/form-data); the file comes in the `document` part.
export class SubmitKycRequestDto implements KycForm {
  // Declared to describe the file part in the API document, and to explain a `document` sent as
  // a text field instead of a file.
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP or HEIC image, or PDF (at most 8 MiB by default)',
  })
  @IsEmpty({ message: 'document must be sent as a file' })
  document?: unknown;

  @UserIdField()
  userId!: string;

  @TextField(200, 'Full legal name', 'Ana María Pérez')
  fullName!: string;

  @EnumField(KycDocumentType, KycDocumentType.PASSPORT)
  documentType!: KycDocumentType;

  @TextField(64, 'Number of the identity document', 'X1234567')
  documentNumber!: string;

  @DateField('Date of birth, in the past', '1990-04-23')
  dateOfBirth!: string;

  @TextField(64, 'Nationality (country name or ISO code)', 'CO')
  nationality!: string;

  @TextField(120, 'City of residence', 'Bogotá')
  city!: string;

  @TextField(300, 'Street address', 'Calle 80 # 12-34')
  address!: string;

  @EmailField()
  email!: string;

  @TextField(32, 'Phone number', '+57 300 123 4567')
  phone!: string;
}
