import { describe, expect, it } from '@jest/globals';
import { cliPrefix } from './cli-prefix.js';

describe(cliPrefix.name, () => {
  it('adds nothing on the defaults', () => {
    expect(cliPrefix('.data', 'http://localhost:3000')).toBe('');
  });

  it('names the port and the data directory the CLI must be given', () => {
    expect(cliPrefix('/tmp/run-1/data', 'http://localhost:4100')).toBe('PORT=4100 DATA_DIR=/tmp/run-1/data ');
  });

  it('quotes a directory the shell would split', () => {
    expect(cliPrefix("/tmp/my data/it's", 'http://localhost:3000')).toBe("DATA_DIR='/tmp/my data/it'\\''s' ");
  });
});
