import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server feature folders and the modules each one offers to the others. Anything else in a
 * feature is its own business: another folder importing it fails lint. app.ts (the composition
 * root) wires features together and is free; http/, db/ and platform/ are shared infrastructure
 * and use features only through these modules too.
 */
const SERVER_FEATURES = {
  account: [],
  auth: ['requireUser.ts', 'sessions.ts', 'sessionEvents.ts', 'sessionWatch.ts', 'passwords.ts'],
  chat: ['types.ts', 'messageSender.ts', 'membership.ts'],
  mail: ['mailer.ts', 'templates.ts'],
  profiles: ['service.ts'],
  realtime: [],
  media: [],
  scan: ['index.ts'],
  speech: [],
  storage: ['dbStorage.ts'],
  translation: ['textTranslator.ts', 'detect.ts', 'neuralRuntime.ts', 'engines/neural/testing/onnx-writer.ts'],
  voice: ['index.ts', 'audio.ts', 'text.ts', 'tts/types.ts'],
  calls: [],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An import of `feature`'s folder that is not one of its public modules (relative paths, any depth). */
function internalsOf(feature, open, message) {
  const allowed = open.length ? `(?!(${open.map(escape).join('|')})$)` : '';
  return { regex: `^(\\.{1,2}/)+${feature}/${allowed}`, message };
}

/**
 * Layers on top of that: folders a folder must not import at all, not even their public modules.
 * platform/ and db/ are the bottom; translation serves scan, voice, chat and speech and imports
 * none of them; scan and voice do not import each other.
 */
const SERVER_LAYERS = {
  platform: ['auth', 'chat', 'db', 'http', 'media', 'profiles', 'realtime', 'scan', 'speech', 'storage', 'translation', 'voice'],
  db: ['auth', 'chat', 'http', 'media', 'profiles', 'realtime', 'scan', 'speech', 'storage', 'translation', 'voice'],
  translation: ['auth', 'chat', 'media', 'profiles', 'realtime', 'scan', 'speech', 'voice'],
  scan: ['chat', 'media', 'realtime', 'speech', 'voice'],
  voice: ['chat', 'media', 'realtime', 'scan', 'speech'],
  chat: ['media'],
};

/** One no-restricted-imports rule per server folder (flat config keeps only the last one per file). */
function serverBoundaries(folder) {
  const forbidden = SERVER_LAYERS[folder] ?? [];
  const others = [...new Set([...Object.keys(SERVER_FEATURES), ...forbidden])].filter((other) => other !== folder);
  const patterns = others.map((other) => {
    if (forbidden.includes(other)) return internalsOf(other, [], `${folder}/ must not import ${other}/ (layers: see docs/ARCHITECTURE.md)`);
    const open = SERVER_FEATURES[other] ?? [];
    return internalsOf(other, open, open.length
      ? `${folder}/ may use ${other}/ only through ${open.join(', ')}`
      : `${folder}/ must not import ${other}/ (wire them together in app.ts)`);
  });
  return {
    files: [`server/src/${folder}/**/*.ts`],
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
  ...[...Object.keys(SERVER_FEATURES), 'http', 'db', 'platform'].map(serverBoundaries),
);
