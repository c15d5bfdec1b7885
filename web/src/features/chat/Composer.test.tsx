import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { Composer } from './Composer.tsx';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: toastError, success: vi.fn(), info: vi.fn() }) }));

afterEach(() => {
  cleanup();
  toastError.mockClear();
});

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = props.onSend ?? vi.fn(async (_content: string) => undefined);
  const view = render(
    <I18nProvider initialLanguage="en">
      <Composer targetLanguageName="Spanish" onSend={onSend} {...props} />
    </I18nProvider>,
  );
  return { onSend, view, input: screen.getByTestId('message-input') as HTMLTextAreaElement };
}

describe('Composer', () => {
  it('sends the trimmed text on Enter and clears the input', async () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: '  Hello  ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter, nor blank text', async () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    fireEvent.change(input, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('never locks: a second message can be written and sent while the first is still on its way', async () => {
    const onSend = vi.fn((_content: string) => new Promise<void>(() => undefined)); // never settles
    const { input } = setup({ onSend });
    for (const text of ['one', 'two']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => {
        fireEvent.keyDown(input, { key: 'Enter' });
      });
    }
    expect(input.disabled).toBe(false);
    expect(onSend.mock.calls.map(([text]) => text)).toEqual(['one', 'two']);
  });

  it('counts characters near the limit and refuses, with a clear message, beyond it', async () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'a'.repeat(100) } });
    expect(screen.queryByTestId('message-length')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(4600) } });
    expect(screen.getByTestId('message-length').textContent).toBe(`4600 / ${LIMITS.messageMaxChars}`);
    fireEvent.change(input, { target: { value: 'a'.repeat(10_000) } });
    expect(screen.getByTestId('message-length').textContent).toBe('Too long: 5000 characters over the 5000-character limit. Shorten it to send.');
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toHaveLength(10_000);
  });

  it('puts a refused message back into an empty input, and never over new text', () => {
    const { input, view } = setup();
    const rerender = (restore: { text: string }) =>
      view.rerender(
        <I18nProvider initialLanguage="en">
          <Composer targetLanguageName="Spanish" onSend={vi.fn(async () => undefined)} restore={restore} />
        </I18nProvider>,
      );
    rerender({ text: 'Where is the train station?' });
    expect(input.value).toBe('Where is the train station?');
    fireEvent.change(input, { target: { value: 'new words' } });
    rerender({ text: 'older refused one' });
    expect(input.value).toBe('new words');
  });

  it('names the language messages are translated to', () => {
    setup();
    expect(screen.getByTestId('translated-to-note').textContent).toBe('Messages are translated to Spanish');
  });

  it('folds the "not translated" notices of a mixed group into one short line that opens them', () => {
    const notices = ['To li: untranslated', 'From li: untranslated', 'To bo: untranslated', 'From bo: untranslated'];
    setup({ coverageNotices: notices });
    const summary = screen.getByTestId('coverage-summary');
    expect(summary.querySelector('summary')?.textContent).toBe('Some messages here are not translated' + 'Details');
    expect(screen.getAllByTestId('coverage-notice').map((n) => n.textContent)).toEqual(notices);
    expect((summary as HTMLDetailsElement).open).toBe(false);
    // A pair's one or two notices stay as they are, each on its line.
    cleanup();
    setup({ coverageNotices: notices.slice(0, 2) });
    expect(screen.queryByTestId('coverage-summary')).toBeNull();
    expect(screen.getAllByTestId('coverage-notice')).toHaveLength(2);
  });
});
