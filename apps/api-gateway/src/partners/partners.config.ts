import { IsInt, Max, Min } from 'class-validator';
import { MAX_ACTIVE_KEYS_LIMIT } from './key-quota.js';

export class PartnersConfig {
  // How many unrevoked API keys a partner may hold unless an operator set its own quota
  // (PUT /ops/partners/{id}/key-quota): enough to rotate several servers' keys without downtime,
  // few enough that a leaked key cannot mint keys without end.
  @IsInt()
  @Min(1)
  @Max(MAX_ACTIVE_KEYS_LIMIT)
  API_KEY_QUOTA_DEFAULT: number = 10;
}
