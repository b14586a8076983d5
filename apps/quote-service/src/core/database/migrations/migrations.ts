import { Init1795308581541 } from './1795308581541-init.js';
import { CorridorsAndQuotes1795310514994 } from './1795310514994-corridors-and-quotes.js';
import { SeedDefaultCorridors1795310514995 } from './1795310514995-seed-default-corridors.js';
import { OutboxXid1795727841390 } from './1795727841390-outbox-xid.js';
import { CorridorAudit1795740683768 } from './1795740683768-corridor-audit.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// The schema as it stood when quote-service was split into feature modules (one of these
// migrations creates the tables of two features), in the order applied. A feature declares the
// migrations it adds since in its own module (@OwnsTables); `npm run migrate -- generate --app
// quote-service --into <feature> --name <name>` writes one there.
export const quoteSchemaHistory = [
  Init1795308581541,
  CorridorsAndQuotes1795310514994,
  SeedDefaultCorridors1795310514995,
  OutboxXid1795727841390,
  CorridorAudit1795740683768,
  OutboxTraceContext1796630000000,
];
