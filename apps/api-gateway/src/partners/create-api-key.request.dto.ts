import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, ValidateBy } from 'class-validator';

export const API_KEY_NAME_MAX_LENGTH = 64;

// Counted in characters (code points), as the column and OpenAPI's maxLength count them, not in
// UTF-16 units: an emoji is one.
const AtMostCharacters = (max: number): PropertyDecorator =>
  ValidateBy(
    {
      name: 'atMostCharacters',
      validator: { validate: (value) => typeof value === 'string' && [...value].length <= max },
    },
    { message: `$property must be at most ${max} characters` },
  );

export class CreateApiKeyRequestDto {
  @ApiPropertyOptional({
    example: 'production server',
    maxLength: API_KEY_NAME_MAX_LENGTH,
    pattern: '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$',
    description: 'What to call the key in lists: some visible text, no control characters',
  })
  @Matches(/^[^\u0000-\u001f\u007f]*\S[^\u0000-\u001f\u007f]*$/u, {
    message: 'name must hold visible text and no control characters',
  })
  @AtMostCharacters(API_KEY_NAME_MAX_LENGTH)
  @IsString({ message: 'name must be a string' })
  @IsOptional()
  name?: string;
}
