import nx from '@nx/eslint-plugin';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const testFiles = [
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.infra-spec.ts',
  '**/test/**',
];
const kafkaOnlyThroughMessaging = { name: 'kafkajs', message: 'Use @platform/messaging.' };
const testingOnlyInTests = { name: '@platform/testing', message: 'Test helpers are for tests only.' };
const testSupportOnlyInTests = {
  name: '@platform/test-support',
  message: 'Test helpers are for tests only.',
};
// Only tools assemble apps; nothing else may import one.
const noAppImports = { group: ['@apps/*'], message: 'Apps are assembled only by tools/.' };
const restrictImports = (...paths) => ['error', { paths, patterns: [noAppImports] }];
const frameworkImports = ['typeorm', 'kafkajs', 'pg', '@nestjs/*', 'express'];

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/.data', '**/coverage', 'docker', 'k8s'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx, 'import-x': importX },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The launchers and the migration tool are the one place that assembles apps.
          allow: ['@apps/*'],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:domain',
                'type:contracts',
                'type:platform',
                'type:util',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:platform',
              onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', 'type:util', 'type:testing'],
            },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:testing'],
              // Domain code is framework-free: plain functions and types, tested without I/O.
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:util'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util'],
              bannedExternalImports: frameworkImports,
            },
            { sourceTag: 'type:testing', notDependOnLibsWithTags: ['type:app', 'type:tool'] },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: [
                'type:app',
                'type:domain',
                'type:contracts',
                'type:platform',
                'type:util',
                'type:testing',
              ],
            },
            { sourceTag: 'scope:payout', onlyDependOnLibsWithTags: ['scope:payout', 'scope:shared'] },
            { sourceTag: 'scope:chat', onlyDependOnLibsWithTags: ['scope:chat', 'scope:shared'] },
            {
              sourceTag: 'scope:shared',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:payout', 'scope:chat'],
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Apps reach Kafka only through the messaging lib; test helpers stay out of production code.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['libs/platform/**'],
    rules: { 'no-restricted-imports': restrictImports(kafkaOnlyThroughMessaging) },
  },
  {
    files: ['apps/**/src/**/*.ts', 'libs/**/src/**/*.ts'],
    ignores: [...testFiles, 'libs/platform/testing/**', 'libs/platform/test-support/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        kafkaOnlyThroughMessaging,
        testingOnlyInTests,
        testSupportOnlyInTests,
      ),
    },
  },
  {
    files: ['libs/platform/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports() },
  },
  {
    files: ['libs/platform/**/src/**/*.ts'],
    ignores: [...testFiles, 'libs/platform/testing/**', 'libs/platform/test-support/**'],
    rules: { 'no-restricted-imports': restrictImports(testingOnlyInTests, testSupportOnlyInTests) },
  },
  {
    // End-to-end suites (and their harnesses beside them) assemble the apps they drive, like the
    // launchers do.
    files: ['**/test/**/*.e2e-spec.ts', 'apps/*/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [kafkaOnlyThroughMessaging] }] },
  },
  prettier,
);
