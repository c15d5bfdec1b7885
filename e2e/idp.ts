import { startTestIdp } from '../server/test/support/oidcProvider.ts';

/**
 * The e2e run's OpenID provider ("Test IdP", e2e/playwright.config.ts starts it on E2E_PORT + 7): the real
 * oidc-provider with HTML login and consent pages; any login name is an account (name@example.com, verified).
 */
const appPort = Number(process.env.E2E_PORT ?? 3100);
const idp = await startTestIdp({
  port: appPort + 7,
  autoAccounts: true,
  clients: [{ client_id: 'parley-e2e', client_secret: 'parley-e2e-secret', redirect_uris: [`http://127.0.0.1:${appPort}/api/auth/oidc/callback`] }],
});
console.log(`Test IdP at ${idp.issuer}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
