import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { LanguageStep, selectedName } from './LanguageStep.tsx';

afterEach(cleanup);

const renderStep = (props: Partial<Parameters<typeof LanguageStep>[0]> = {}) => {
  const onContinue = props.onContinue ?? vi.fn(async () => {});
  render(
    <I18nProvider initialLanguage="en">
      <LanguageStep firstTime name="Ana" onContinue={onContinue} {...props} />
    </I18nProvider>,
  );
  return { onContinue, input: screen.getByLabelText('Your language'), button: screen.getByTestId('language-continue') };
};

describe('LanguageStep', () => {
  it('welcomes a first-time user without a Cancel option', () => {
    renderStep();
    expect(screen.getByText('Welcome, Ana!')).toBeTruthy();
    expect(screen.getByText('Choose your language to get started')).toBeTruthy();
    expect(screen.queryByTestId('language-cancel')).toBeNull();
  });

  it('shows Settings - Language with Cancel when opened from the menu', () => {
    const onCancel = vi.fn();
    renderStep({ firstTime: false, onCancel });
    expect(screen.getByText('Settings - Language')).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });

  it('disables Continue while the input is blank', () => {
    const { input, button } = renderStep();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'es' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('explains an unknown language and does not continue', () => {
    const { input, button, onContinue } = renderStep();
    fireEvent.change(input, { target: { value: 'Klingon' } });
    fireEvent.click(button);
    expect(screen.getByTestId('language-unknown').textContent).toContain('"Klingon"');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('resolves English or native names and codes, shows Translating... while busy', async () => {
    let finish = () => {};
    const onContinue = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { input, button } = renderStep({ onContinue });
    fireEvent.change(input, { target: { value: 'ESPAÑOL' } });
    expect(screen.getByTestId('language-resolved').textContent).toContain('Español (Spanish)');
    fireEvent.click(button);
    expect(onContinue).toHaveBeenCalledWith('es');
    expect(button.textContent).toBe('Translating...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(button.textContent).toBe('Continue');
  });

  it('fills the input from a language chip', () => {
    const { input } = renderStep();
    fireEvent.click(screen.getByText('Deutsch'));
    expect((input as HTMLInputElement).value).toBe('German');
  });

  it('says in words what this server translates for the chosen language', () => {
    // en, es, ja translated among themselves (both ways); de only from English (one way: not counted).
    const served = new Set(['en>es', 'es>en', 'en>ja', 'ja>en', 'es>ja', 'ja>es', 'en>de']);
    const { input } = renderStep({ serves: (from, to) => from === to || served.has(`${from}>${to}`) });
    fireEvent.change(input, { target: { value: 'ja' } });
    expect(screen.getByTestId('language-coverage').textContent).toBe('On this server, 日本語 is translated to and from 2 of the other 19 languages.');
    fireEvent.change(input, { target: { value: 'German' } });
    expect(screen.getByTestId('language-coverage').textContent).toBe('This server does not translate Deutsch yet: messages in it arrive as written.');
  });

  it('says in words whether speech in the chosen language is heard and spoken here', () => {
    const voice = { engine: 'pipeline' as const, stt: { engine: 'whisper', languages: ['en', 'ja'] }, tts: { engine: 'piper', languages: ['en', 'de'] } };
    const { input } = renderStep({ voice });
    const said = (value: string) => {
      fireEvent.change(input, { target: { value } });
      return screen.getByTestId('language-speech').textContent;
    };
    expect(said('English')).toBe('Speech in English is recognised on this server, and translations into it are read aloud.');
    expect(said('ja')).toBe('Speech in 日本語 is recognised on this server; translations into it are shown as text, not read aloud.');
    expect(said('German')).toBe('Speech in Deutsch is not recognised on this server, but translations into it are read aloud.');
    expect(said('Thai')).toBe('Speech in ไทย is neither recognised nor read aloud on this server: calls show captions instead.');
  });

  it('says nothing about translation while the server has not answered', () => {
    const { input } = renderStep({ serves: () => undefined });
    fireEvent.change(input, { target: { value: 'ja' } });
    expect(screen.queryByTestId('language-coverage')).toBeNull();
    expect(screen.queryByTestId('language-speech')).toBeNull();
  });
});

describe('selectedName', () => {
  it('names the language in its own words, then in the screen\'s language when that differs', () => {
    expect(selectedName({ code: 'es', nativeName: 'Español' }, 'en')).toBe('Español (Spanish)');
    expect(selectedName({ code: 'de', nativeName: 'Deutsch' }, 'es')).toBe('Deutsch (alemán)');
    expect(selectedName({ code: 'es', nativeName: 'Español' }, 'es')).toBe('Español');
  });
});
