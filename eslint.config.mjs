import { existsSync, readdirSync, readFileSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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
// CONVENTIONS.md, "Data access": DataSource, EntityManager queries and SQL live in *.repository.ts
// and *.query.ts only; the rest of an app calls repositories.
const dataAccess =
  'Data access lives in *.repository.ts and *.query.ts (CONVENTIONS.md, "Data access"): call a ' +
  'repository method named for what it does; for one transaction across several repository calls ' +
  'inject TransactionRunner from @platform/database (or run in a TransactionalOutbox) and pass its ' +
  'UnitOfWork on: only repositories open it, with entityManagerOf.';
const typeormOnlyInRepositories = {
  name: 'typeorm',
  importNames: ['DataSource', 'Repository', 'QueryRunner'],
  message: dataAccess,
};
const unitsOpenedOnlyInRepositories = {
  name: '@platform/database',
  importNames: ['entityManagerOf'],
  message: dataAccess,
};
const dataAccessCalls = ['query', 'getRepository', 'createQueryBuilder'].map((method) => ({
  selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='${method}']`,
  message: `.${method}() outside a repository. ${dataAccess}`,
}));
// A transaction's handle is passed to repositories, never queried directly.
const managerCalls = [
  "CallExpression[callee.object.type='Identifier'][callee.object.name='manager']",
  "CallExpression[callee.object.type='MemberExpression'][callee.object.property.name='manager']",
].map((selector) => ({ selector, message: `An EntityManager queried outside a repository. ${dataAccess}` }));
// Outside repositories, queries, entities, migrations and the database lib, no source file names
// the ORM's handles at all (not even as a type): use cases hold a UnitOfWork.
const ormHandles = {
  selector: 'Identifier[name=/^(EntityManager|DataSource)$/]',
  message: `The ORM named outside a repository. ${dataAccess}`,
};
const dataAccessFiles = ['**/*.repository.ts', '**/*.query.ts', '**/*.entity.ts', '**/migrations/**'];
// Facts about a chain or a rail live in @payout/rails (CONVENTIONS.md, "Layout and names"): code
// elsewhere asks the chain's or rail's record instead of branching on its name. Only the rails
// lib and chain-watchers' adapter folders (one per chain, named after it) may.
// The members of an enumeration of the payout API (`Blockchain`, `PaymentMethod`), read from its source.
const payoutEnum = (name) =>
  [
    ...readFileSync('libs/shared/contracts/src/payout-enums.ts', 'utf8')
      .match(new RegExp(`enum ${name} \\{([^}]*)\\}`))[1]
      .matchAll(/=\s*'([A-Z0-9_]+)'/g),
  ].map(([, value]) => value);
const blockchains = payoutEnum('Blockchain');
const chainAndRailNames = [...blockchains, ...payoutEnum('PaymentMethod')].join('|');
const chainOrRailMember = `MemberExpression[object.name=/^(Blockchain|PaymentMethod)$/]`;
const chainOrRailLiteral = `Literal[value=/^(${chainAndRailNames})$/]`;
const chainAndRailBranches = [
  `SwitchCase > ${chainOrRailMember}.test`,
  `SwitchCase > ${chainOrRailLiteral}.test`,
  `BinaryExpression[operator=/^[!=]==?$/] > ${chainOrRailMember}`,
  `BinaryExpression[operator=/^[!=]==?$/] > ${chainOrRailLiteral}`,
].map((selector) => ({
  selector,
  message: 'A branch on a chain or rail name: ask its record in @payout/rails (chainRail, paymentRail).',
}));
const chainAdapterFolders = blockchains.map(
  (chain) => `apps/chain-watchers/src/${chain.toLowerCase()}/**/*.ts`,
);
// Each app with a `feature-layers.mjs` (its feature folders, bottom layer first) gets import
// zones: the core imports no feature, and a folder may import the core and folders of the layers
// below its own, never a peer or a layer above, so no import cycle can form between folders. A
// folder not listed yet is a new feature: it sits on top, above everything, until a feature below
// needs it and it is placed in the file. `core` and the app's root files are not features.
const layeredApps = readdirSync('apps', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`apps/${entry.name}/feature-layers.mjs`))
  .map((entry) => entry.name);
const featureZones = async (app) => {
  const src = `./apps/${app}/src`;
  const { default: placed } = await import(`./apps/${app}/feature-layers.mjs`);
  const unplaced = readdirSync(`apps/${app}/src`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'core')
    .map((entry) => entry.name)
    .filter((name) => !placed.flat().includes(name));
  const layers = [...placed, unplaced];
  return [
    {
      target: `${src}/core`,
      from: layers.flat().map((feature) => `${src}/${feature}`),
      message: 'The core imports no feature.',
    },
    ...layers.flatMap((layer, index) =>
      layer.map((feature) => ({
        target: `${src}/${feature}`,
        from: layers
          .slice(index)
          .flat()
          .filter((other) => other !== feature)
          .map((other) => `${src}/${other}`),
        message: `${feature} may import the core and the layers below its own (apps/${app}/feature-layers.mjs).`,
      })),
    ),
  ].filter((zone) => zone.from.length > 0);
};
const layeredAppRules = await Promise.all(
  layeredApps.map(async (app) => ({
    files: [`apps/${app}/src/**/*.ts`],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: await featureZones(app) }] },
  })),
);
const frameworkImports = ['typeorm', 'kafkajs', 'pg', '@nestjs/*', 'express'];

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/.data', '**/coverage', 'docker', 'k8s'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'import-x': importX },
    // The sources import `./file.js` for `./file.ts` and libs by their tsconfig alias: without a
    // TypeScript resolver the import rules (no-cycle, no-restricted-paths) resolve nothing and
    // pass everything.
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.base.json' })],
    },
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
            {
              // Browser code (the web console): bundled for the browser, it talks to the API only
              // (domain libs are framework-free: the console reads the chain and rail records).
              sourceTag: 'type:ui',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:util'],
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
    // Flat config replaces a rule's options per matching block, so the restrictions above are
    // repeated here with the data-access one.
    files: ['apps/**/src/**/*.ts'],
    ignores: [...testFiles, ...dataAccessFiles],
    rules: {
      'no-restricted-imports': restrictImports(
        kafkaOnlyThroughMessaging,
        testingOnlyInTests,
        testSupportOnlyInTests,
        typeormOnlyInRepositories,
        unitsOpenedOnlyInRepositories,
      ),
      'no-restricted-syntax': [
        'error',
        ...dataAccessCalls,
        ...managerCalls,
        ormHandles,
        ...chainAndRailBranches,
      ],
    },
  },
  {
    files: chainAdapterFolders,
    ignores: [...testFiles, ...dataAccessFiles],
    rules: { 'no-restricted-syntax': ['error', ...dataAccessCalls, ...managerCalls, ormHandles] },
  },
  {
    // Entities and migrations may import typeorm, but have no unit of work to open.
    files: ['apps/**/src/**/*.entity.ts', 'apps/**/src/**/migrations/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrictImports(
        kafkaOnlyThroughMessaging,
        testingOnlyInTests,
        testSupportOnlyInTests,
        unitsOpenedOnlyInRepositories,
      ),
    },
  },
  ...layeredAppRules,
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
    // The libs too, but for the database lib, which is where the ORM is wrapped.
    files: ['libs/**/src/**/*.ts', 'libs/**/src/**/*.tsx'],
    ignores: [...testFiles, ...dataAccessFiles, 'libs/platform/database/**'],
    rules: { 'no-restricted-syntax': ['error', ormHandles, ...chainAndRailBranches] },
  },
  {
    files: ['libs/payout/rails/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', ormHandles] },
  },
  {
    // End-to-end suites (and their harnesses beside them) assemble the apps they drive, like the
    // launchers do.
    files: ['**/test/**/*.e2e-spec.ts', 'apps/*/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [kafkaOnlyThroughMessaging] }] },
  },
  prettier,
);
