import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server feature folders and the modules each one offers to the others. Anything else in a
 * feature is its own business: another feature importing it fails lint. app.ts (the composition
 * root) wires features together and is free; http/, db/ and platform/ are shared infrastructure.
 */
const SERVER_FEATURES = {
  auth: ['requireUser.ts', 'sessions.ts', 'sessionEvents.ts', 'sessionWatch.ts'],
  chat: ['types.ts'],
  profiles: ['service.ts'],
  realtime: [],
  scan: [],
  speech: [],
  storage: ['localStorage.ts'],
  translation: ['textTranslator.ts', 'detect.ts'],
  voice: ['index.ts', 'audio.ts', 'text.ts', 'tts/types.ts'],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An import of `feature`'s folder that is not one of its public modules (relative paths, any depth). */
function internalsOf(feature, open, message) {
  const allowed = open.length ? `(?!(${open.map(escape).join('|')})$)` : '';
  return { regex: `^(\\.{1,2}/)+${feature}/${allowed}`, message };
}

function featureBoundaries(feature) {
  const patterns = Object.entries(SERVER_FEATURES)
    .filter(([other]) => other !== feature)
    .map(([other, open]) =>
      internalsOf(other, open, open.length
        ? `${feature}/ may use ${other}/ only through ${open.join(', ')}`
        : `${feature}/ must not import ${other}/ (wire them together in app.ts)`),
    );
  return {
    files: [`server/src/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
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
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'common/ is shared by browser and server: no server, web or Node imports' }] }],
    },
  },
  ...Object.keys(SERVER_FEATURES).map(featureBoundaries),
  {
    // Shared infrastructure serves the features and depends on none of their internals.
    files: ['server/src/{http,db,platform}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: Object.entries(SERVER_FEATURES).map(([feature, open]) =>
          internalsOf(feature, open, `shared infrastructure may use ${feature}/ only through its public modules`),
        ),
      }],
    },
  },
);
