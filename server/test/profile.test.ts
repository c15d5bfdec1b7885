import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { jpegImage, multipart, pngImage } from './images.ts';

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer();
});
afterAll(async () => s.close());

const patch = (cookie: string, payload: object) => s.app.inject({ method: 'PATCH', url: '/api/profile', payload, headers: { cookie } });
const upload = (cookie: string, filename: string, type: string, bytes: Buffer) => {
  const body = multipart('file', filename, type, bytes);
  return s.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: body.payload, headers: { ...body.headers, cookie } });
};

describe('profile', () => {
  it('updates language, username and bio of the own row', async () => {
    const u = await signUpAndIn(s.app);
    const res = await patch(u.cookie, { language: 'es', username: `${u.username}x`, bio: 'Hola' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, language: 'es', username: `${u.username}x`, bio: 'Hola' });
    const again = await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } });
    expect(again.json()).toMatchObject({ language: 'es', bio: 'Hola' });
  });

  it('cannot touch another user\'s row: ids and e-mail in the body are refused', async () => {
    const a = await signUpAndIn(s.app);
    const b = await signUpAndIn(s.app);
    for (const body of [{ id: b.id, bio: 'hacked' }, { email: 'new@example.com' }, { user_id: b.id }]) {
      const res = await patch(a.cookie, body);
      expect(res.statusCode).toBe(400);
    }
    const bProfile = await s.app.inject({ url: '/api/profile', headers: { cookie: b.cookie } });
    expect(bProfile.json()).toMatchObject({ id: b.id, bio: null, email: b.email });
  });

  it('refuses a username another user has in a different case', async () => {
    const a = await signUpAndIn(s.app);
    const b = await signUpAndIn(s.app);
    const res = await patch(a.cookie, { username: b.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('username_taken');
  });

  it.each([
    [{ language: 'xx' }, 'invalid_request'],
    [{ language: 'English' }, 'invalid_request'],
    [{ bio: 'a 501-character bio'.padEnd(501, '.') }, 'bio_too_long'],
    [{ bio: 12 }, 'invalid_request'],
    [{ avatar_url: 'javascript:alert(1)' }, 'avatar_url_invalid'],
    [{ username: '' }, 'username_too_short'],
  ])('rejects %j with code %s', async (body, code) => {
    const u = await signUpAndIn(s.app);
    const res = await patch(u.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });
});

/** The avatar files stored for a user (in the database, so every node serves them). */
const storedKeys = async (userId: string) =>
  (await s.database.db.selectFrom('stored_files').select('key').where('bucket', '=', 'avatars').where('key', 'like', `${userId}/%`).execute()).map((r) => r.key);

describe('avatar upload', () => {
  it('stores a real PNG at {userId}/avatar.png and serves it publicly', async () => {
    const u = await signUpAndIn(s.app);
    const res = await upload(u.cookie, 'me.png', 'image/png', await pngImage());
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar_url;
    expect(url).toMatch(new RegExp(`^/storage/avatars/${u.id}/avatar\\.png\\?v=\\d+$`));
    expect(await storedKeys(u.id)).toEqual([`${u.id}/avatar.png`]);
    const served = await s.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('overwrites: a JPEG after a PNG leaves only avatar.jpg', async () => {
    const u = await signUpAndIn(s.app);
    await upload(u.cookie, 'a.png', 'image/png', await pngImage());
    const res = await upload(u.cookie, 'b.jpg', 'image/jpeg', await jpegImage());
    expect(res.json().avatar_url).toContain(`${u.id}/avatar.jpg`);
    expect(await storedKeys(u.id)).toEqual([`${u.id}/avatar.jpg`]);
  });

  it('scales a large photo down to 512 px', async () => {
    const u = await signUpAndIn(s.app);
    const res = await upload(u.cookie, 'big.jpg', 'image/jpeg', await jpegImage(2000, 1000));
    const served = await s.app.inject({ url: res.json().avatar_url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('refuses a text file named .png, checking the bytes not the name', async () => {
    const u = await signUpAndIn(s.app);
    const res = await upload(u.cookie, 'fake.png', 'image/png', Buffer.from('this is not an image at all'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_image' });
    const profile = await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } });
    expect(profile.json().avatar_url).toBeNull();
  });

  it('refuses an empty file', async () => {
    const u = await signUpAndIn(s.app);
    const res = await upload(u.cookie, 'empty.png', 'image/png', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/empty/i);
  });

  it('refuses a truncated (corrupt) image', async () => {
    const u = await signUpAndIn(s.app);
    const whole = await jpegImage(400, 300);
    const res = await upload(u.cookie, 'cut.jpg', 'image/jpeg', whole.subarray(0, Math.floor(whole.length / 3)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_image');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const u = await signUpAndIn(s.app);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(u.cookie, 'huge.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('image_too_large');
  });

  it('refuses a decompression bomb by its declared pixel count', async () => {
    const u = await signUpAndIn(s.app);
    const bomb = await sharp({ create: { width: 10000, height: 5000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(u.cookie, 'bomb.png', 'image/png', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/pixels/);
  });

  it('refuses SVG and other non-raster formats', async () => {
    const u = await signUpAndIn(s.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const res = await upload(u.cookie, 'x.svg', 'image/svg+xml', svg);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('JPEG, PNG, WebP or GIF');
  });
});
