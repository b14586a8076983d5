import { IsOptional, IsUrl } from 'class-validator';

export class SandboxPaymentsConfig {
  // The sandbox's control endpoint (tools/sandbox), set only where the chains are simulated
  // (`npm start`). Unset in production: POST /sandbox/transactions/{id}/deposit then answers 404.
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SANDBOX_CONTROL_URL?: string;
}
