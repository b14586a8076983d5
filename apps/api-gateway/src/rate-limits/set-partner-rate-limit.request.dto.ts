import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_LIMIT, MAX_WINDOW_SECONDS } from './rate-limit-policy.js';
import { ROUTE_CLASSES, type RouteClass } from './route-class.js';

// One class's limit for one partner, replacing the default (or an earlier override).
export class SetPartnerRateLimitRequestDto {
  @ApiProperty({ enum: ROUTE_CLASSES, example: 'quotes' })
  @IsIn(ROUTE_CLASSES, { message: `$property must be one of: ${ROUTE_CLASSES.join(', ')}` })
  @IsDefined({ message: '$property is required' })
  class!: RouteClass;

  @ApiProperty({ example: 1000, minimum: 1, maximum: MAX_LIMIT, description: 'Requests per window' })
  @Max(MAX_LIMIT)
  @Min(1)
  @IsInt({ message: '$property must be an integer' })
  @IsDefined({ message: '$property is required' })
  limit!: number;

  @ApiPropertyOptional({
    example: 60,
    minimum: 1,
    maximum: MAX_WINDOW_SECONDS,
    description: "The window's length in seconds; absent: the class's default window",
  })
  @Max(MAX_WINDOW_SECONDS)
  @Min(1)
  @IsInt({ message: '$property must be an integer' })
  @IsOptional()
  windowSeconds?: number;
}

// DELETE: one class back to its default, or every class when none is named.
export class ClearPartnerRateLimitRequestDto {
  @ApiPropertyOptional({ enum: ROUTE_CLASSES, description: 'Absent: every class' })
  @IsIn(ROUTE_CLASSES, { message: `$property must be one of: ${ROUTE_CLASSES.join(', ')}` })
  @IsOptional()
  class?: RouteClass;
}
