import { Writable } from 'node:stream';

// One JSON log line as the platform's logger writes it.
export interface LogLine {
  readonly service: string;
  readonly msg: string;
  readonly trace_id?: string;
  readonly [field: string]: unknown;
}

// The log lines of the apps a suite boots with it (startTestService's `logs`), kept as text and
// parsed only when asked: a suite asserts on a few lines among many (a payout's trace ids).
export class CapturedLogs {
  private readonly texts: string[] = [];
  readonly stream = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      for (const text of chunk.toString().split('\n')) if (text) this.texts.push(text);
      done();
    },
  });

  // The lines with `field` equal to `value` (a transaction id, a request id).
  where(field: string, value: string): LogLine[] {
    return this.texts
      .filter((text) => text.includes(value))
      .map((text) => JSON.parse(text) as LogLine)
      .filter((line) => line[field] === value);
  }
}
