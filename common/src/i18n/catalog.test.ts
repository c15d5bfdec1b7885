import { describe, expect, it } from 'vitest';
import { CATALOG, UNTRANSLATED_KEYS } from './catalog.ts';
import { FIRST_GROUPS } from './english.ts';
import { REST_GROUPS } from './english-rest.ts';
import { CATALOG_KEYS, ENGLISH_STRINGS, flattenCatalog, format, placeholders, samePlaceholders } from './format.ts';

describe('catalog', () => {
  it("has exactly the string groups of the spec, plus the console, safety, push, calls and the later feature groups", () => {
    expect(Object.keys(CATALOG).sort()).toEqual(
      ['auth', 'chat', 'general', 'header', 'languageSelector', 'nav', 'scan', 'talk', 'userSearch', 'admin', 'safety', 'push', 'calls', 'members', 'moderation', 'coverage', 'accountSafety', 'translationInfo', 'phone', 'integrations', 'documents', 'linkPreviews'].sort(),
    );
  });

  it("splits English into the first download's groups and the rest, each group in exactly one (web/src/lib/english.ts)", () => {
    const first = Object.keys(FIRST_GROUPS);
    const rest = Object.keys(REST_GROUPS);
    expect(first.filter((g) => rest.includes(g))).toEqual([]);
    expect([...first, ...rest].sort()).toEqual(Object.keys(CATALOG).sort());
    for (const [group, strings] of Object.entries({ ...FIRST_GROUPS, ...REST_GROUPS })) expect(strings).toBe(CATALOG[group as keyof typeof CATALOG]);
  });

  it('holds the quoted strings of the spec word for word', () => {
    const all = new Set(Object.values(ENGLISH_STRINGS));
    for (const quoted of [
      'Welcome, {name}!', 'Choose your language to get started', 'Settings - Language', 'Translating...',
      'Real-time translator', 'Real-time voice translation powered by ChatGPT', 'Talk', 'Chat', 'Scan',
      'No conversations yet', 'Start chatting with someone to see your conversations here', 'Find People',
      'You: ', 'No messages yet', 'Delete Conversation', 'Relationship Context', 'Who are you talking to?',
      'boss, friend, client...', 'No users found for "{query}"', 'Who is {username} to you?',
      'Your Language', 'No languages found', 'Detected: {language}', 'Voice Translator', 'Connected', 'Speaking',
      'Ready to Translate', 'Start Voice Translation', 'Connecting...', 'Hold microphone to speak',
      'Release to stop recording', 'Email cannot be changed from this interface', 'Saving...', 'Save Changes',
      'Oops! Page not found', 'Return to Home', 'Connection Failed', 'Microphone Error', 'Connected!',
      'Not Connected', 'Please connect to a partner first', 'Context Saved', 'Translation failed. Please try again.',
      'Failed to analyze image. Please ensure the image contains clear, readable text.', 'Authentication Error',
      'Please log in again', 'Chat Creation Failed', 'Failed to create chat room: {message}',
      'No room data returned from server', 'Chat Setup Failed', 'Failed to add participants: {message}',
      'Failed to delete conversation. Please try again.', "You don't have permission to delete this conversation.",
      'Conversation deleted successfully.', 'Upload failed', 'Failed to upload avatar. Please try again.',
      'Avatar uploaded successfully', 'Update failed', 'Failed to update profile. Please try again.',
      'Profile updated', 'Your profile has been saved successfully.', 'Failed to send message. Please try again.',
      'Your relationship context has been saved for better translations.',
      'Please check your microphone permissions and try again.',
      'Could not access microphone. Please check permissions.',
      'Voice translator is ready. Hold the mic button to speak.',
      'Are you sure you want to delete your conversation with {name}? This action cannot be undone and will permanently delete all messages.',
    ]) {
      expect(all, quoted).toContain(quoted);
    }
  });

  it('keeps every string within the ui-strings limit of 500 characters', () => {
    for (const text of Object.values(ENGLISH_STRINGS)) expect(text.length).toBeLessThanOrEqual(500);
  });

  it('mentions the 6-character password minimum in the auth strings', () => {
    expect(CATALOG.auth.passwordTooShort).toContain('6 characters');
  });

  it('flattens to group.key entries', () => {
    expect(ENGLISH_STRINGS['nav.chat']).toBe('Chat');
    expect(flattenCatalog({ a: { b: 'c' } })).toEqual({ 'a.b': 'c' });
    expect(CATALOG_KEYS.length).toBe(Object.values(CATALOG).reduce((n, g) => n + Object.keys(g).length, 0));
    for (const key of UNTRANSLATED_KEYS) expect(CATALOG_KEYS).toContain(key);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format('Welcome, {name}!', { name: 'Ana' })).toBe('Welcome, Ana!');
    expect(format('{n} user(s) found', { n: 3 })).toBe('3 user(s) found');
    expect(format('Hi {who}', {})).toBe('Hi {who}');
    expect(format('Hi {who}')).toBe('Hi {who}');
    expect(format('{a}{a}', { a: '$&' })).toBe('$&$&');
  });

  it('compares placeholder sets', () => {
    expect(placeholders('{b} and {a}')).toEqual(['a', 'b']);
    expect(samePlaceholders('Hola {name}', '¡Bienvenido, {name}!')).toBe(true);
    expect(samePlaceholders('Welcome, {name}!', 'Bienvenido, {nombre}!')).toBe(false);
  });
});
