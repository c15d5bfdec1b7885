import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_KEYS, ENGLISH_STRINGS, type LocaleCatalog } from '@parley/common';
import { I18nProvider, useI18n, useT, type LoadCatalog } from './i18n.tsx';

const noCatalog: LoadCatalog = async () => ({});

function Probe() {
  const { t, status, setLanguage } = useI18n();
  return (
    <div>
      <p data-testid="welcome">{t('languageSelector.welcomeTitle', { name: 'Ana' })}</p>
      <p data-testid="chat">{t('nav.chat')}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="found">{t('userSearch.resultCount', { n: 3 })}</p>
      <button onClick={() => void setLanguage('es')}>es</button>
      <button onClick={() => void setLanguage('en')}>en</button>
      <button onClick={() => void setLanguage('ar')}>ar</button>
    </div>
  );
}

/** Fake server: answers /api/ui-strings with '[es] ' + text. */
function mockFetch() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { strings } = JSON.parse(String(init?.body)) as { strings: Record<string, string> };
    const out = Object.fromEntries(Object.entries(strings).map(([k, v]) => [k, `[es] ${v}`]));
    return new Response(JSON.stringify({ strings: out }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('I18nProvider', () => {
  it('renders English with placeholders filled', () => {
    render(<I18nProvider><Probe /></I18nProvider>);
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Ana!');
    expect(screen.getByTestId('chat').textContent).toBe('Chat');
  });

  it('translates on a language change in batches of 10, and English restores the originals with no call', async () => {
    const fetchMock = mockFetch();
    render(<I18nProvider loadCatalog={noCatalog}><Probe /></I18nProvider>);
    await act(async () => screen.getByText('es').click());
    expect(screen.getByTestId('chat').textContent).toBe('[es] Chat');
    expect(screen.getByTestId('welcome').textContent).toBe('[es] Welcome, Ana!');
    expect(screen.getByTestId('status').textContent).toBe('idle');
    for (const [url, init] of fetchMock.mock.calls) {
      expect(url).toBe('/api/ui-strings');
      expect(init?.credentials).toBe('same-origin');
      expect(Object.keys((JSON.parse(String(init?.body)) as { strings: object }).strings).length).toBeLessThanOrEqual(10);
    }
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBeGreaterThan(10);

    await act(async () => screen.getByText('en').click());
    expect(screen.getByTestId('chat').textContent).toBe('Chat');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('starts instantly from the cache on reload', async () => {
    const fetchMock = mockFetch();
    const first = render(<I18nProvider loadCatalog={noCatalog}><Probe /></I18nProvider>);
    await act(async () => screen.getByText('es').click());
    first.unmount();
    const calls = fetchMock.mock.calls.length;
    await act(async () => {
      render(<I18nProvider initialLanguage="es" loadCatalog={noCatalog}><Probe /></I18nProvider>);
    });
    expect(screen.getByTestId('chat').textContent).toBe('[es] Chat');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('keeps English strings when the server fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":{"code":"internal","message":"boom"}}', { status: 500 })));
    render(<I18nProvider loadCatalog={noCatalog}><Probe /></I18nProvider>);
    await act(async () => screen.getByText('es').click());
    expect(screen.getByTestId('chat').textContent).toBe('Chat');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('uses the written catalog with ICU plurals and asks the server only for the strings it lacks', async () => {
    const fetchMock = mockFetch();
    const catalog: LocaleCatalog = Object.fromEntries(CATALOG_KEYS.map((k) => [k, ENGLISH_STRINGS[k]]));
    catalog['nav.chat'] = 'Chat ES';
    catalog['userSearch.resultCount'] = '{n, plural, one {# usuario encontrado} other {# usuarios encontrados}}';
    delete catalog['languageSelector.welcomeTitle'];
    render(<I18nProvider loadCatalog={async () => catalog}><Probe /></I18nProvider>);
    await act(async () => screen.getByText('es').click());
    expect(screen.getByTestId('chat').textContent).toBe('Chat ES');
    expect(screen.getByTestId('found').textContent).toBe('3 usuarios encontrados');
    expect(screen.getByTestId('welcome').textContent).toBe('[es] Welcome, Ana!');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ language: 'es', strings: { 'languageSelector.welcomeTitle': 'Welcome, {name}!' } });
  });

  it('switches the whole screen at once: nothing changes until the missing strings are in', async () => {
    const waiting: ((value: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { waiting.push(resolve); })));
    const catalog: LocaleCatalog = { 'nav.chat': 'Chat ES' };
    render(<I18nProvider loadCatalog={async () => catalog}><Probe /></I18nProvider>);
    await act(async () => { screen.getByText('es').click(); });
    expect(screen.getByTestId('status').textContent).toBe('translating');
    expect(screen.getByTestId('chat').textContent).toBe('Chat');
    await act(async () => {
      while (waiting.length) {
        waiting.splice(0).forEach((resolve) => resolve(new Response('{"strings":{}}', { status: 200 })));
        await new Promise((r) => setTimeout(r, 0));
      }
    });
    expect(screen.getByTestId('chat').textContent).toBe('Chat ES');
  });

  it('sets lang and dir on <html>: Arabic is right to left', async () => {
    render(<I18nProvider loadCatalog={async () => ({ 'nav.chat': 'دردشة' })} translateOptions={{ post: async (_l, s) => s }}><Probe /></I18nProvider>);
    await act(async () => { screen.getByText('ar').click(); });
    expect(screen.getByTestId('chat').textContent).toBe('دردشة');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await act(async () => { screen.getByText('en').click(); });
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('speaks the browser\'s language (first of navigator.languages among the 20) until the person chooses one', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'ar-EG', 'en-US']);
    const arabic: LoadCatalog = async (code) => (code === 'ar' ? { 'nav.chat': 'دردشة' } : { 'nav.chat': `Chat ${code}` });
    const keepEnglish = { post: async (_l: string, s: Record<string, string>) => s };
    render(<I18nProvider loadCatalog={arabic} translateOptions={keepEnglish}><Probe /></I18nProvider>);
    expect(await screen.findByText('دردشة')).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    cleanup();

    // A language chosen on this device wins over the browser's.
    localStorage.setItem('userLanguage', 'de');
    render(<I18nProvider loadCatalog={arabic} translateOptions={keepEnglish}><Probe /></I18nProvider>);
    expect(await screen.findByText('Chat de')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    languages.mockRestore();
  });

  it('renders English plurals', () => {
    render(<I18nProvider><Probe /></I18nProvider>);
    expect(screen.getByTestId('found').textContent).toBe('3 user(s) found');
  });

  it('throws when used outside its provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useT())).toThrow(/I18nProvider/);
    expect(() => renderHook(() => useI18n())).toThrow(/I18nProvider/);
    error.mockRestore();
  });
});
