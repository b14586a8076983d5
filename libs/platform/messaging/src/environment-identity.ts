// Every event a deployment publishes to Kafka carries its environment id in this header, and its
// consumers act only on events carrying their own: a broker shared with another deployment or
// with test suites must never feed one environment's events (a refund, a deposit) to another.
export const ENVIRONMENT_HEADER = 'environment-id';

// Letters, digits, '.', '_' and '-', as a Kafka topic name allows; short enough for a header and
// a log line.
export const ENVIRONMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

// Kafka topic names allow these characters; a prefix made of them keeps every name legal.
export const TOPIC_PREFIX_PATTERN = /^[A-Za-z0-9._-]*$/;

// An event the bus refused before any handler saw it, as reported to metrics and logs.
export interface ForeignEvent {
  // The logical topic (without the deployment's topic prefix).
  readonly topic: string;
  readonly groupId: string;
  readonly partition: number;
  readonly offset: string;
  readonly eventId: string | null;
  // What the event claimed to come from (null: it carried no environment id), made printable.
  readonly environment: string | null;
  readonly reason: string;
}

export type ForeignEventListener = (event: ForeignEvent) => void;

// Why an event must not be acted on, or null when it is this environment's. An event without the
// header comes from a producer that predates it or from a foreign tool: with money at stake it is
// refused too, never guessed to be ours.
export function environmentRefusal(received: string | undefined, expected: string): string | null {
  if (received === undefined || received === '') return 'event carries no environment id';
  if (received !== expected) return `event of another environment (${printableEnvironment(received)})`;
  return null;
}

// A header value is whatever the foreign producer wrote: bounded and stripped to the id's
// alphabet before it reaches a log line or a metric.
export function printableEnvironment(value: string): string {
  const cleaned = value.replace(/[^A-Za-z0-9._-]/g, '?');
  return cleaned.length > 64 ? `${cleaned.slice(0, 64)}…` : cleaned;
}
