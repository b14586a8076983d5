import { createHash } from 'node:crypto';

// The bouncer knows realms and users by UUID. This server has none stored, so each is derived,
// the RFC 4122 version-5 way, from the server's own UUID and the row's id: stable across
// restarts and replicas, and distinct between servers sharing a bouncer.
function nameBasedUuid(serverUuid: string, name: string): string {
  const namespace = Buffer.from(serverUuid.replace(/-/g, ''), 'hex');
  const digest = createHash('sha1').update(namespace).update(name).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const realmUuid = (serverUuid: string, realmId: number) =>
  nameBasedUuid(serverUuid, `realm:${realmId}`);
export const userUuid = (serverUuid: string, userId: number) => nameBasedUuid(serverUuid, `user:${userId}`);
