import { describe, expect, it } from '@jest/globals';
import { fileDeclaresType } from './multipart-declared-types.js';

const body = [
  '--B',
  'Content-Disposition: form-data; name="note"',
  '',
  'hello',
  '--B',
  'Content-Disposition: form-data; name="/tmp/a.png"; filename="a.png"',
  '',
  'PNG',
  '--B',
  'Content-Disposition: form-data; name="f"; filename="b.png"',
  'Content-Type: image/png',
  '',
  'PNG',
  '--B--',
  '',
].join('\r\n');

describe(fileDeclaresType.name, () => {
  it('tells, for each file part in order, whether it declared a type', () => {
    expect(fileDeclaresType(Buffer.from(body, 'latin1'), 'multipart/form-data; boundary=B')).toEqual([
      false,
      true,
    ]);
    expect(fileDeclaresType(Buffer.from(body, 'latin1'), 'multipart/form-data; boundary="B"')).toEqual([
      false,
      true,
    ]);
  });
});
