import { describe, expect, it } from '@jest/globals';
import { newUploadPathId, sanitizeFileName } from './upload-path.js';

describe(sanitizeFileName.name, () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['My report (final).txt', 'My-report-final.txt'],
    ['  spaced -- out  .png', 'spaced-out-.png'],
    ['../../etc/passwd', '....etcpasswd'],
    ['Ｆｕｌｌｗｉｄｔｈ.txt', 'Fullwidth.txt'],
    ['café 日本.txt', 'café-日本.txt'],
    ['<>?', 'uploaded-file'],
    ['..', 'uploaded-file'],
  ])('makes %j %j', (given, sanitized) => {
    expect(sanitizeFileName(given)).toBe(sanitized);
  });
});

describe(newUploadPathId.name, () => {
  it('lays a path out as realm, two hex digits, 24 random characters and the sanitized name', () => {
    const pathId = newUploadPathId(7, 'a b.txt');
    expect(pathId).toMatch(/^7\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/a-b\.txt$/);
    expect(newUploadPathId(7, 'a b.txt')).not.toBe(pathId);
  });
});
