import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { Composer } from './Composer.tsx';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: toastError, success: vi.fn(), info: vi.fn() }) }));

afterEach(() => {
  cleanup();
  toastError.mockClear();
});

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = props.onSend ?? vi.fn(async () => true);
  render(
    <I18nProvider initialLanguage="en">
      <Composer connected busy={false} targetLanguageName="Spanish" onSend={onSend} {...props} />
    </I18nProvider>,
  );
  return { onSend, input: screen.getByTestId('message-input') as HTMLTextAreaElement };
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

  it('says Not Connected and sends nothing without a connection; the input is disabled', async () => {
    const { onSend, input } = setup({ connected: false });
    expect(input.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('message-form'));
    });
    expect(onSend).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Not Connected', { description: 'Please connect to a partner first' });
  });

  it('is disabled while busy', () => {
    const { input } = setup({ busy: true });
    expect(input.disabled).toBe(true);
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the text back when the send fails, so nothing typed is lost', async () => {
    const { input } = setup({ onSend: vi.fn(async () => false) });
    fireEvent.change(input, { target: { value: 'Where is the train station?' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(input.value).toBe('Where is the train station?');
  });

  it('names the language messages are translated to', () => {
    setup();
    expect(screen.getByTestId('translated-to-note').textContent).toBe('Messages are translated to Spanish');
  });
});
