import { describe, expect, it } from '@jest/globals';
import { IsIn, IsInt, IsString, Min, MinLength } from 'class-validator';
import { ConfigValidationError, describeConfig, loadConfig } from './load-config.js';
import { Secret } from './secret.decorator.js';

class ServerSection {
  @IsInt()
  @Min(1)
  PORT: number = 3000;

  @IsIn(['a', 'b'])
  MODE: string = 'a';
}

class SigningSection {
  @Secret()
  @IsString()
  @MinLength(32)
  SIGNING_SECRET!: string;
}

const sections = { server: ServerSection, signing: SigningSection };
const secret = 'x'.repeat(32);

describe(loadConfig.name, () => {
  it('converts environment text to typed values and keeps defaults', () => {
    const sut = loadConfig(sections, { PORT: '8080', SIGNING_SECRET: secret });

    expect(sut.server.PORT).toBe(8080);
    expect(sut.server.MODE).toBe('a');
    expect(sut.signing.SIGNING_SECRET).toBe(secret);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(sections, { PORT: '', SIGNING_SECRET: secret }).server.PORT).toBe(3000);
  });

  it('lists every bad variable at once, without revealing secrets', () => {
    const attempt = () => loadConfig(sections, { PORT: 'abc', MODE: 'c', SIGNING_SECRET: 'short-secret' });

    expect(attempt).toThrow(ConfigValidationError);
    const problems = catchProblems(attempt);
    expect(problems).toHaveLength(3);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['MODE', 'PORT', 'SIGNING_SECRET']);
    expect(problems.join('\n')).not.toContain('short-secret');
    expect(problems.find((problem) => problem.startsWith('SIGNING_SECRET'))).toContain('[secret]');
  });

  it('names a missing required variable', () => {
    expect(catchProblems(() => loadConfig(sections, {}))).toEqual([
      expect.stringMatching(/^SIGNING_SECRET: .*got nothing/),
    ]);
  });
});

describe(describeConfig.name, () => {
  it('masks secrets and shows everything else', () => {
    const sut = describeConfig(loadConfig(sections, { SIGNING_SECRET: secret }));

    expect(sut).toEqual({ server: { PORT: 3000, MODE: 'a' }, signing: { SIGNING_SECRET: '***' } });
  });
});

function catchProblems(attempt: () => unknown): readonly string[] {
  try {
    attempt();
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
  }
  throw new Error('expected a ConfigValidationError');
}
