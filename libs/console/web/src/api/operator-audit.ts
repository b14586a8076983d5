import type { ConsoleApi } from './console-api.js';
import type { AuditEntry } from './corridors.js';
import type { PartnerList } from './ops-partners.js';
import type { RateLimitAuditEntry } from './rate-limits.js';

// Every operator change, whichever service recorded it, as one list: who, what, when, where.
export interface OperatorChange {
  readonly key: string;
  readonly source:
    'Corridors' | 'Partners' | 'KYC policy' | 'KYB' | 'Rate limits' | 'Reconcile' | 'Held transfers';
  readonly occurredAt: string;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly detail: string;
}

interface PartnerAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly action: string;
  readonly partnerId: string;
  // Null only when the partner row is gone.
  readonly partnerName: string | null;
  readonly subject: string;
  readonly occurredAt: string;
}

// A partner as a person reads it: its name, with the id's start to tell namesakes apart; the id
// alone when the name is unknown (the partner is gone).
const partnerLabel = (partnerId: string, name: string | null | undefined) =>
  name ? `${name} (${partnerId.slice(0, 8)})` : `partner ${partnerId}`;

type PartnerNamer = (partnerId: string) => string;

// The gateway names at most this many partners per request.
const IDS_PER_LOOKUP = 100;

// Names for the logs that record only partners' ids, looked up by those ids.
async function partnerNamer(api: ConsoleApi, partnerIds: readonly string[]): Promise<PartnerNamer> {
  const distinct = [...new Set(partnerIds)];
  const lookups: Promise<PartnerList>[] = [];
  for (let start = 0; start < distinct.length; start += IDS_PER_LOOKUP) {
    const ids = distinct.slice(start, start + IDS_PER_LOOKUP).join(',');
    lookups.push(api.get<PartnerList>('/ops/partners', { ids, pageSize: IDS_PER_LOOKUP }));
  }
  const found = (await Promise.all(lookups)).flatMap((list) => list.partners);
  const names = new Map(found.map((partner) => [partner.id, partner.name]));
  return (partnerId) => partnerLabel(partnerId, names.get(partnerId));
}

interface KycPolicyAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly partnerId: string;
  readonly mode: string;
  readonly thresholdAmount: string | null;
  readonly occurredAt: string;
}

interface KybAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly partnerId: string;
  readonly fromStatus: string;
  readonly toStatus: string;
  readonly pendingLimit: string | null;
  readonly occurredAt: string;
}

interface ReconcileAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly blockchain: string;
  readonly on_chain_tx: string;
  readonly result: string;
  readonly transactionId: string | null;
  readonly reason: string | null;
  readonly requestedAt: string;
}

interface HeldDepositAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly action: string;
  readonly depositId: string;
  readonly target: string | null;
  readonly result: string;
  readonly reason: string | null;
  readonly requestedAt: string;
}

// The newest hundred of each log (each service's page limit).
const EACH = { pageSize: 100 };
const words = (action: string) => action.replaceAll('_', ' ');

const corridorChange = (entry: AuditEntry): OperatorChange => ({
  key: `corridor-${entry.id}`,
  source: 'Corridors',
  occurredAt: entry.occurredAt,
  actor: entry.actor,
  action: words(entry.action),
  subject: entry.subject,
  detail:
    Object.entries(entry.change)
      .map(([field, value]) => `${field}: ${value ?? 'none'}`)
      .join(', ') || '—',
});

const partnerChange = (entry: PartnerAuditEntry): OperatorChange => ({
  key: `partner-${entry.id}`,
  source: 'Partners',
  occurredAt: entry.occurredAt,
  actor: entry.actor,
  action: words(entry.action),
  subject: entry.subject,
  detail: partnerLabel(entry.partnerId, entry.partnerName),
});

const kycChange = (entry: KycPolicyAuditEntry, partner: PartnerNamer): OperatorChange => ({
  key: `kyc-${entry.id}`,
  source: 'KYC policy',
  occurredAt: entry.occurredAt,
  actor: entry.actor,
  action: 'set policy',
  subject: partner(entry.partnerId),
  detail: `mode: ${entry.mode}, threshold: ${entry.thresholdAmount ?? 'default'}`,
});

const kybChange = (entry: KybAuditEntry, partner: PartnerNamer): OperatorChange => ({
  key: `kyb-${entry.id}`,
  source: 'KYB',
  occurredAt: entry.occurredAt,
  actor: entry.actor,
  action: 'set KYB',
  subject: partner(entry.partnerId),
  detail: `from ${entry.fromStatus} to ${entry.toStatus}${entry.toStatus === 'pending' ? `, limit: ${entry.pendingLimit ?? 'default'}` : ''}`,
});

const rateLimitChange = (entry: RateLimitAuditEntry, partner: PartnerNamer): OperatorChange => ({
  key: `rate-limit-${entry.id}`,
  source: 'Rate limits',
  occurredAt: entry.occurredAt,
  actor: entry.actor,
  action: 'set rate limits',
  subject: partner(entry.partnerId),
  detail: `from ${entry.fromLimits || 'defaults'} to ${entry.toLimits || 'defaults'}`,
});

const reconcileChange = (entry: ReconcileAuditEntry): OperatorChange => ({
  key: `reconcile-${entry.id}`,
  source: 'Reconcile',
  occurredAt: entry.requestedAt,
  actor: entry.actor,
  action: `reconcile: ${words(entry.result)}`,
  subject: `${entry.blockchain} ${entry.on_chain_tx}`,
  detail:
    [entry.transactionId && `transaction ${entry.transactionId}`, entry.reason].filter(Boolean).join(' — ') ||
    '—',
});

const heldDepositChange = (entry: HeldDepositAuditEntry): OperatorChange => ({
  key: `held-${entry.id}`,
  source: 'Held transfers',
  occurredAt: entry.requestedAt,
  actor: entry.actor,
  action: `${entry.action}: ${words(entry.result)}`,
  subject: `deposit ${entry.depositId}`,
  detail: [entry.target && `to ${entry.target}`, entry.reason].filter(Boolean).join(' — ') || '—',
});

export async function loadOperatorChanges(api: ConsoleApi): Promise<OperatorChange[]> {
  const [corridors, partners, kyc, kyb, rateLimits, reconcile, held] = await Promise.all([
    api.get<{ entries: readonly AuditEntry[] }>('/ops/corridors/audit', { limit: 100 }),
    api.get<{ entries: readonly PartnerAuditEntry[] }>('/ops/partners/audit', EACH),
    api.get<{ entries: readonly KycPolicyAuditEntry[] }>('/ops/kyc-policies/audit', EACH),
    api.get<{ entries: readonly KybAuditEntry[] }>('/ops/partner-kyb/audit', EACH),
    api.get<{ entries: readonly RateLimitAuditEntry[] }>('/ops/rate-limits/audit', EACH),
    api.get<{ entries: readonly ReconcileAuditEntry[] }>('/ops/transactions/reconcile-hash/audit', EACH),
    api.get<{ entries: readonly HeldDepositAuditEntry[] }>('/ops/deposits/audit', EACH),
  ]);
  const partner = await partnerNamer(
    api,
    [...kyc.entries, ...kyb.entries, ...rateLimits.entries].map((entry) => entry.partnerId),
  );
  const changes = [
    ...corridors.entries.map(corridorChange),
    ...partners.entries.map(partnerChange),
    ...kyc.entries.map((entry) => kycChange(entry, partner)),
    ...kyb.entries.map((entry) => kybChange(entry, partner)),
    ...rateLimits.entries.map((entry) => rateLimitChange(entry, partner)),
    ...reconcile.entries.map(reconcileChange),
    ...held.entries.map(heldDepositChange),
  ];
  // ISO 8601 in UTC sorts as text; newest first.
  return changes.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
}
