import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One no-restricted-imports entry per server folder: the feature folders it must not import. */
function serverBoundaries(forbidden) {
  return Object.entries(forbidden).map(([files, folders]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: folders.map((f) => `**/${f}/**`), message: `${files.split('/')[2]}/ must not import ${folders.join(', ')} (see docs/ARCHITECTURE.md)` }],
      }],
    },
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'e2e/artifacts/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Boundaries: the web app talks to the server only over HTTP, through contracts in common/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '@parley/server'], message: 'web must not import server code; share contracts through @parley/common' }] }],
    },
  },
  // Server layers: platform/ and db/ are the bottom (no feature imports); translation serves scan,
  // voice, chat and speech and imports none of them; scan and voice do not import each other.
  ...serverBoundaries({
    'server/src/platform/**/*.ts': ['auth', 'chat', 'db', 'http', 'profiles', 'realtime', 'scan', 'speech', 'storage', 'translation', 'voice'],
    'server/src/db/**/*.ts': ['auth', 'chat', 'http', 'profiles', 'realtime', 'scan', 'speech', 'storage', 'translation', 'voice'],
    'server/src/translation/**/*.ts': ['auth', 'chat', 'profiles', 'realtime', 'scan', 'speech', 'voice'],
    'server/src/scan/**/*.ts': ['chat', 'realtime', 'speech', 'voice'],
    'server/src/voice/**/*.ts': ['chat', 'realtime', 'scan', 'speech'],
  }),
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'common/ is shared by browser and server: no server, web or Node imports' }] }],
    },
  },
);
