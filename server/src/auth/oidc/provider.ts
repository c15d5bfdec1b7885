import * as client from 'openid-client';
import { AUTH_MESSAGES } from '@parley/common';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

/** What Parley reads from the provider about the person (ID token, then userinfo for what it lacks). */
export interface SsoClaims {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only the provider's own `email_verified: true` counts (Entra ID sends none: never verified). */
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
}

/** The sign-in being finished: what the start kept server-side (logins.ts). */
export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

const DISCOVERY_ATTEMPTS = 2;
const unavailable = () => new AppError(503, 'oidc_unavailable', AUTH_MESSAGES.oidcUnavailable);

/**
 * The OpenID provider, discovered lazily: the app starts while the issuer is down; the first sign-in asks for
 * its metadata (twice, then answers 503 oidc_unavailable), and the answer is kept for the process's life.
 * A failed discovery is not kept: the next click tries again. JWKS are fetched and cached by openid-client
 * (a new key id fetches them again).
 */
export class OidcProvider {
  private configuration: client.Configuration | undefined;
  private discovering: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcConfig,
    private readonly warn: (err: unknown, message: string) => void,
  ) {}

  get name(): string {
    return this.settings.name;
  }

  get issuer(): string {
    return this.settings.issuer;
  }

  private async config(): Promise<client.Configuration> {
    if (this.configuration) return this.configuration;
    this.discovering ??= this.discover().finally(() => (this.discovering = undefined));
    return this.discovering;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowHttp } = this.settings;
    const auth = clientSecret ? client.ClientSecretBasic(clientSecret) : client.None();
    // ID tokens are checked against the issuer's JWKS too (not only trusted because they came over TLS).
    const execute = [client.enableNonRepudiationChecks, ...(allowHttp ? [client.allowInsecureRequests] : [])];
    for (let attempt = 1; ; attempt++) {
      try {
        this.configuration = await client.discovery(new URL(issuer), clientId, clientSecret, auth, { execute, timeout: 10 });
        return this.configuration;
      } catch (err) {
        this.warn(err, `single sign-on: discovery of ${issuer} failed (attempt ${attempt})`);
        if (attempt >= DISCOVERY_ATTEMPTS) throw unavailable();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }

  /** The provider's authorization URL for one sign-in (code flow, PKCE S256, state, nonce). */
  async authorizationUrl(checks: PendingChecks): Promise<string> {
    const config = await this.config();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: checks.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Finish a sign-in: the code is exchanged (with the PKCE verifier) and the ID token checked by openid-client:
   * signature (issuer's JWKS), iss, aud, azp, exp, iat, nonce; the callback's state is checked against ours.
   */
  async finish(callbackQuery: string, checks: PendingChecks): Promise<SsoClaims> {
    const config = await this.config();
    const currentUrl = new URL(checks.redirectUri);
    currentUrl.search = callbackQuery;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    let claims: Record<string, unknown> = idToken;
    // Many providers put e-mail and names only in userinfo (oidc-provider does, Entra may): ask it for them.
    if (typeof idToken.email !== 'string' && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken };
    }
    const text = (key: string) => (typeof claims[key] === 'string' && (claims[key] as string).trim() ? (claims[key] as string).trim() : null);
    const email = text('email');
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: email ? email.toLowerCase() : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      preferredUsername: text('preferred_username'),
      name: text('name'),
    };
  }
}
