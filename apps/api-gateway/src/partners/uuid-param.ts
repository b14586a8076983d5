import { ApiParam } from '@nestjs/swagger';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

// A path id ParseUUIDPipe checks, documented as such: anything else is a 400, not a valid request.
export const UuidParam = (name: string) =>
  ApiParam({ name, schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN } });
