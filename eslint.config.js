// Lint rules that carry the architecture: no floating promises on the server, and the arrows
// between workspaces (README, "Architecture"):
//   api    -> core, contracts, queue, storage
//   worker -> core, contracts, queue, storage
//   core   -> contracts        queue -> contracts        contracts, storage -> nothing of ours
//   web    -> contracts (types; values only from WEB_VALUE_CONTRACTS, which import no package)
// Each workspace is imported through its package name (@craftwell/<name>/...), never by a relative
// path into another folder; no import cycles; only core/config reads process.env.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WORKSPACES = ['contracts', 'core', 'queue', 'storage', 'api', 'worker', 'web'];
/** Which workspaces each one may import. */
export const ALLOWED = {
  contracts: [],
  core: ['contracts'],
  queue: ['contracts'],
  storage: [],
  api: ['core', 'contracts', 'queue', 'storage'],
  worker: ['core', 'contracts', 'queue', 'storage'],
};

/**
 * The contracts modules the web may import values from: they import no package (no zod, no
 * sharp), only each other, so the browser bundle stays small. contracts/__tests__/web-values.test.ts
 * holds them to that.
 */
export const WEB_VALUE_CONTRACTS = ['errors', 'engine-catalog', 'tool-options', 'batches'];

/** One config block per server workspace: the arrows it may not follow, by path and by package. */
function arrowsOf(workspace) {
  const forbidden = WORKSPACES.filter((w) => w !== workspace && !ALLOWED[workspace].includes(w));
  const allowedText = ALLOWED[workspace].length ? ALLOWED[workspace].join(', ') : 'no other workspace';
  return {
    files: [`${workspace}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: forbidden.flatMap((w) => [`@craftwell/${w}`, `@craftwell/${w}/*`]),
          message: `${workspace}/ may import ${allowedText} (see the architecture section of the README).`,
        }],
      }],
      'import-x/no-restricted-paths': ['error', {
        zones: [{ target: `./${workspace}`, from: forbidden.map((w) => `./${w}`), message: `${workspace}/ may import ${allowedText}.` }],
      }],
    },
  };
}

export default tseslint.config(
  // Dotfiles are local scratch, never part of the build.
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'scratch-lead/**', 'tests/artifacts/**', '**/*.mjs', '**/*.cjs', '**/.*'] },
  ...tseslint.configs.recommended,
  {
    files: ['{core,contracts,queue,storage,api,worker}/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // A relative import may not leave its workspace: other workspaces go through @craftwell/*.
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['{core,contracts,queue,storage,api,worker}/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read once, in core/config; everything else receives it.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only core/config reads process.env: take the parsed config as a parameter.' }],
    },
  },
  ...Object.keys(ALLOWED).map(arrowsOf),
  {
    // Every SQL statement lives in core/repositories (or core/db): api and worker call those.
    // Every model session is created in worker/src/engines/model-runs.ts, with one set of options.
    files: ['api/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
        message: 'SQL goes in core/repositories: add a function there and call it.',
      }, {
        selector: "CallExpression[callee.object.property.name='InferenceSession'][callee.property.name='create']",
        message: 'Load models with loadModelSession() from worker/src/engines/model-runs.ts: it holds the session options and the run slots.',
      }],
    },
  },
  {
    // A resize can leave headless Chromium drawing no frames; setViewport() waits for one.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/browser.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='setViewportSize']",
        message: 'Resize with setViewport(page, size) from tests/e2e/support/browser.ts: it waits until the page draws again.',
      }],
    },
  },
  {
    files: ['core/config/**/*.ts', '**/__tests__/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Hands this process's environment on to Postgres' own binaries (initdb, postgres): not configuration.
    files: ['core/db/embedded-postgres.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          {
            // Its own entry: a negation cannot re-include a path whose parent a pattern excludes.
            group: ['@craftwell/contracts/*', ...WEB_VALUE_CONTRACTS.map((name) => `!@craftwell/contracts/${name}`)],
            allowTypeImports: true,
            message: `The web imports values only from contracts/{${WEB_VALUE_CONTRACTS.join(',')}} (no packages); add a module there, without imports, for more.`,
          },
          { group: ['@craftwell/*', '!@craftwell/contracts', '!@craftwell/contracts/*', '**/api/**', '**/worker/**', '**/storage/**', '**/core/**', '**/queue/**'], message: 'The web talks to the server over HTTP only.' },
        ],
      }],
    },
  },
  {
    files: ['**/__tests__/**', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Tests share the repository's fixtures (tests/fixtures), which belong to no workspace.
    files: ['**/__tests__/**'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
);
