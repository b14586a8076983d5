import { randomUUID } from 'node:crypto';

export abstract class IdGenerator {
  abstract uuid(): string;
}

export class RandomIdGenerator implements IdGenerator {
  uuid(): string {
    return randomUUID();
  }
}
