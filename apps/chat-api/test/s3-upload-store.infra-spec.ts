import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { expectEventually } from '@platform/test-support';
import { freeLoopbackPorts } from '@shared/util';
import { S3UploadStore } from '../src/uploads/s3-upload.store.js';

// Against a real S3-speaking server (moto's, which tools/infra/s3/moto-server.sh installs on
// first use): the SDK's requests, path-style addressing, conditional writes and missing keys as
// an S3-compatible service answers them.
describe(S3UploadStore.name, () => {
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };
  let server: ChildProcess;
  let endpoint: string;
  let sut: S3UploadStore;

  beforeAll(async () => {
    const [port] = await freeLoopbackPorts(1);
    endpoint = `http://127.0.0.1:${port}`;
    server = spawn('bash', ['tools/infra/s3/moto-server.sh', String(port)], {
      stdio: 'ignore',
      detached: true,
    });
    await expectEventually(() => expect(listening(port)).resolves.toBe(true), { timeoutMs: 240_000 });
    const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: 'chat-uploads' }));
    admin.destroy();
    sut = new S3UploadStore({
      bucket: 'chat-uploads',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
  }, 300_000);

  afterAll(() => {
    sut?.onModuleDestroy();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  it('saves, reads and removes a file by its path id', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await sut.save('2/ab/random/a.png', bytes, 'image/png');
    expect(await sut.read('2/ab/random/a.png')).toEqual(bytes);
    await sut.remove('2/ab/random/a.png');
    expect(await sut.read('2/ab/random/a.png')).toBeUndefined();
  });

  it('never overwrites a file, reads a missing one as absent and removes it without error', async () => {
    await sut.save('2/cd/random/b.txt', Buffer.from('first'), 'text/plain');
    await expect(sut.save('2/cd/random/b.txt', Buffer.from('second'), 'text/plain')).rejects.toThrow();
    expect((await sut.read('2/cd/random/b.txt'))?.toString()).toBe('first');
    expect(await sut.read('2/none/random/c.txt')).toBeUndefined();
    await expect(sut.remove('2/none/random/c.txt')).resolves.toBeUndefined();
  });
});

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
