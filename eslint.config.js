// Lint rules that carry the architecture: no floating promises on the server, no cycles between
// layers (api imports worker/contracts and worker/queue only; storage imports nothing of ours).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Dotfiles are local scratch, never part of the build.
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'scratch-lead/**', 'tests/artifacts/**', '**/*.mjs', '**/*.cjs', '**/.*'] },
  ...tseslint.configs.recommended,
  {
    files: ['{core,contracts,queue,storage,api,worker}/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['storage/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/**', '**/worker/**', '**/web/**'], message: 'storage/ stands alone: it must not import the api, worker or web.' }] }],
    },
  },
  {
    files: ['contracts/**/*.ts', 'queue/**/*.ts', 'core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/**', '**/worker/**', '**/web/**', '@craftwell/api/*', '@craftwell/worker/*', '@craftwell/web/*'], message: 'core, contracts and queue are imported by the api and the worker; they must not import them.' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/**', '**/worker/**', '**/storage/**'], message: 'The web talks to the server over HTTP only.' }] }],
    },
  },
  {
    files: ['**/__tests__/**', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
