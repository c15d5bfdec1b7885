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
  account: ['deletion.ts'],
  admin: [],
  auth: ['requireUser.ts', 'apiTokens.ts', 'sessions.ts', 'sessionEvents.ts', 'sessionWatch.ts', 'passwords.ts', 'accountMail.ts', 'hooks.ts', 'mailTokens.ts'],
  calls: [],
  chat: ['types.ts', 'messageSender.ts', 'membership.ts'],
  cluster: ['bus.ts'],
  mail: ['mailer.ts', 'templates.ts'],
  integrations: ['index.ts'],
  media: [],
  ops: [],
  profiles: ['service.ts'],
  push: [],
  realtime: [],
  safety: ['blocks.ts', 'reach.ts', 'adminReports.ts'],
  scan: ['index.ts'],
  speech: [],
  storage: ['dbStorage.ts'],
  translation: ['textTranslator.ts', 'detect.ts', 'service.ts', 'engines/types.ts', 'operator/settings.ts', 'operator/usage.ts', 'neuralRuntime.ts', 'engines/neural/testing/onnx-writer.ts',
    'engines/neural/catalog.ts', 'engines/neural/listing.ts', 'engines/neural/plan.ts'],
  webhooks: ['index.ts'],
  linkPreviews: ['index.ts'],
  voice: ['index.ts', 'audio.ts', 'text.ts', 'tts/types.ts', 'neural/catalog.ts', 'neural/listing.ts', 'neural/plan.ts'],
};

/**
 * Every server folder's layer, bottom first. A folder imports only folders of lower layers (through their public
 * modules above): no import runs back up, so there is no cycle between folders. Folders of one layer do not import
 * each other. Type-only imports are contracts and may name a higher layer's types (http/upgrade.ts names the session
 * store it is given). app.ts, main.ts and appDeps.ts, the composition root, are above everything.
 */
const SERVER_LAYER_ORDER = [
  ['platform'],
  ['db'],
  ['events'],
  ['http'],
  ['mail', 'storage', 'cluster'],
  ['auth'],
  ['profiles', 'translation'],
  ['safety'],
  ['chat'],
  ['account', 'realtime', 'push', 'scan', 'voice', 'webhooks', 'linkPreviews'],
  ['speech', 'media', 'calls', 'integrations'],
  ['admin', 'ops'],
];
const SERVER_FOLDERS = SERVER_LAYER_ORDER.flat();
const layerOf = (folder) => SERVER_LAYER_ORDER.findIndex((layer) => layer.includes(folder));
/** For each folder: the folders it must not import at all (its own layer and those above). */
const SERVER_LAYERS = Object.fromEntries(SERVER_FOLDERS.map((folder) => [folder, SERVER_FOLDERS.filter((other) => other !== folder && layerOf(other) >= layerOf(folder))]));

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An import of `feature`'s folder that is not one of its public modules (relative paths, any depth). */
function internalsOf(feature, open, message) {
  const allowed = open.length ? `(?!(${open.map(escape).join('|')})$)` : '';
  return { regex: `^(\\.{1,2}/)+${feature}/${allowed}`, message };
}

/** One no-restricted-imports rule per server folder (flat config keeps only the last one per file). */
function serverBoundaries(folder) {
  const forbidden = SERVER_LAYERS[folder] ?? [];
  const others = SERVER_FOLDERS.filter((other) => other !== folder);
  const patterns = others.map((other) => {
    if (forbidden.includes(other)) return { ...internalsOf(other, [], `${folder}/ must not import ${other}/ (a layer above or beside it: SERVER_LAYER_ORDER in eslint.config.js)`), allowTypeImports: true };
    // Infrastructure (platform, db, http) is open to the layers above it.
    if (!(other in SERVER_FEATURES)) return undefined;
    const open = SERVER_FEATURES[other];
    return internalsOf(other, open, open.length
      ? `${folder}/ may use ${other}/ only through ${open.join(', ')}`
      : `${folder}/ must not import ${other}/ (wire them together in app.ts)`);
  }).filter(Boolean);
  return {
    files: [`server/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

/**
 * Web feature folders (web/src/features/<f>/), bottom first. A feature imports another only through its public entry
 * (`../<f>` or `../<f>/index.ts`, exporting what the others use) and only of a lower layer, so no import between
 * features runs back up and there is no cycle. chat/ is below the features built on it: a conversation screen shows
 * calls, groups and push through the slots (chat/slots.tsx) the shell fills. shell/ composes everything. lib/ and
 * components/ are shared and import no feature. A feature's subfolder must not be named like a feature. The root
 * (App.tsx, main.tsx, providers.tsx, prerender/) is the composition root and is free, as are tests.
 */
const WEB_LAYER_ORDER = [
  ['auth', 'speech'],
  ['language', 'safety', 'invites', 'integrations'],
  ['chat'],
  ['groups', 'calls', 'search', 'push', 'talk', 'scan'],
  ['profile', 'admin'],
  ['shell'],
];
const WEB_FEATURES = WEB_LAYER_ORDER.flat();
const webLayerOf = (feature) => WEB_LAYER_ORDER.findIndex((layer) => layer.includes(feature));

/** One no-restricted-imports rule per web feature: others' internals never, a feature beside or above it not at all. */
function webBoundaries(feature) {
  const patterns = WEB_FEATURES.filter((other) => other !== feature).map((other) =>
    webLayerOf(other) >= webLayerOf(feature)
      ? { regex: `^(\\.\\./)+${other}(/|$)`, message: `${feature}/ must not import ${other}/ (a layer above or beside it: WEB_LAYER_ORDER in eslint.config.js)` }
      : { regex: `^(\\.\\./)+${other}/(?!index\\.ts$)`, message: `${feature}/ may use ${other}/ only through its public entry ../${other}/index.ts` });
  // A lazy import() obeys the same boundaries (no-restricted-imports sees only static imports). esquery's regex
  // cannot hold a '/', so \x2F stands for it.
  const dynamic = patterns.map(({ regex, message }) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
    message: `${message} (a lazy import too)`,
  }));
  return {
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }], 'no-restricted-syntax': ['error', ...dynamic] },
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
  ...SERVER_FOLDERS.map(serverBoundaries),
  ...WEB_FEATURES.map(webBoundaries),
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+features/', message: 'lib/ and components/ are shared: they import no feature' }] }] },
  },
);
