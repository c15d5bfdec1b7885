import { randomBytes } from 'node:crypto';

/** A signed-in user talking to a server over real HTTP (for servers in other processes). */
export interface HttpUser {
  id: string;
  cookie: string;
  call(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => Promise<unknown> }>;
}

export async function httpCall(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: () => res.json(), headers: res.headers };
}

/** Sign up, sign in and set the profile language; `base` may change later (another node). */
export async function httpUser(base: () => string, language: string): Promise<HttpUser> {
  const name = `u${randomBytes(5).toString('hex')}`;
  const creds = { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
  const up = await httpCall(base(), 'POST', '/api/auth/signup', creds);
  if (up.status !== 201) throw new Error(`sign-up ${up.status}: ${JSON.stringify(await up.json())}`);
  const id = ((await up.json()) as { user: { id: string } }).user.id;
  const signin = await httpCall(base(), 'POST', '/api/auth/signin', { email: creds.email, password: creds.password });
  const setCookie = signin.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (signin.status !== 200 || !cookie) throw new Error(`sign-in ${signin.status}`);
  const user: HttpUser = { id, cookie, call: (method, url, body) => httpCall(base(), method, url, body, cookie) };
  const patched = await user.call('PATCH', '/api/profile', { language });
  if (patched.status !== 200) throw new Error(`profile ${patched.status}`);
  return user;
}
