import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite under ./data, models under ./data/models, then Apertium', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, secureCookies: false, emailConfirmation: false });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.translation.engines).toEqual(['neural', 'apertium']);
    expect(c.translation.neural.modelsDir).toMatch(/data\/models$/);
    expect(loadConfig({ MODELS_DIR: '/srv/models' }).translation.neural.modelsDir).toBe('/srv/models');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['PUBLIC_URL', 'not a url'],
    ['TRANSLATION_ENGINES', 'apertium,babelfish'],
    ['EMAIL_CONFIRMATION', 'maybe'],
    ['SESSION_IDLE_HOURS', '-1'],
  ])('a bad %s stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('SMTP_URL without PUBLIC_URL stops start-up naming PUBLIC_URL (mailed links never come from a request header)', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/PUBLIC_URL: needed with SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://chat.example.org' }).mail?.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('turns on Secure cookies for an https public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://chat.example.org/' })).toMatchObject({
      publicUrl: 'https://chat.example.org',
      secureCookies: true,
    });
  });
});
