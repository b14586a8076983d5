import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { isStorableText, unstorableTextReason } from '@platform/http';

// As long as the user_id a partner may send (transactions and KYC submissions hold 128).
const USER_ID_MAX_LENGTH = 128;

export const UserIdParam = () =>
  ApiParam({
    name: 'userId',
    description: "The partner's user id, as quotes (wallet sessions), accepts and KYC name it",
    schema: { type: 'string', minLength: 1, maxLength: USER_ID_MAX_LENGTH },
  });

// A path user id longer than any user id a partner can send names no user: 400, not a row.
export class UserIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value.length === 0 || value.length > USER_ID_MAX_LENGTH)
      throw new BadRequestException(`userId must be 1 to ${USER_ID_MAX_LENGTH} characters`);
    if (!isStorableText(value)) throw new BadRequestException(unstorableTextReason('userId'));
    return value;
  }
}
