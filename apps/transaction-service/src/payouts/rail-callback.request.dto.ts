import { Allow, IsString, MaxLength } from 'class-validator';

// A rail's callback: `{ id, rail, reference, status, failureReason, occurredAt }`. Only the
// reference (our transaction id) is used; the rest is checked with the rail itself.
export class RailCallbackRequestDto {
  @IsString()
  @MaxLength(64)
  reference!: string;

  @Allow() id?: unknown;
  @Allow() rail?: unknown;
  @Allow() status?: unknown;
  @Allow() failureReason?: unknown;
  @Allow() occurredAt?: unknown;
}
