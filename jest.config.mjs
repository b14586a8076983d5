// Four suites, by file suffix: unit (`*.spec.ts`, fakes only), integration
// (`*.integration-spec.ts`, embedded PostgreSQL or TEST_DATABASE_URL), e2e (`test/*.e2e-spec.ts`,
// the booted system over HTTP) and infra (`*.infra-spec.ts`, real PostgreSQL and real Kafka).
import { readFileSync } from 'node:fs';
import { swcOptions } from './tools/build/swc-options.mjs';

const { compilerOptions } = JSON.parse(
  readFileSync(new URL('./tsconfig.base.json', import.meta.url), 'utf8'),
);
const aliases = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    `<rootDir>/${target.replace(/^\.\//, '')}`,
  ]),
);

const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { ...aliases, '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  // Integration and e2e suites boot databases, simulated chains and several apps, which takes
  // well over a minute on a busy 2-core machine; a hung one still fails within two.
  testTimeout: 120_000,
  // Test files run one after another in a worker that is replaced once it holds more than this
  // after a file: ESM suites each load the apps anew and the heap never gives them all back, so a
  // single process running every suite ran out of memory (4 GB) two thirds of the way through.
  workerIdleMemoryLimit: '1.5GB',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.integration-spec.ts'],
    },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/{apps,tools}/**/test/**/*.e2e-spec.ts'] },
    { ...shared, displayName: 'infra', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.infra-spec.ts'] },
  ],
};
