import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { stopSpeech } from './player.ts';
import { SpeakButton } from './SpeakButton.tsx';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

/** The audio elements created, with their sources; play() starts "playing" on the next tick. */
let elements: HTMLMediaElement[] = [];
beforeEach(() => {
  elements = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    elements.push(this);
    setTimeout(() => this.dispatchEvent(new Event('playing')), 0);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => stopSpeech());
  cleanup();
  vi.restoreAllMocks();
});

const tick = () => act(() => new Promise((r) => setTimeout(r, 5)));

function setup() {
  render(
    <I18nProvider initialLanguage="en">
      <SpeakButton url="/api/speech?messageId=1&part=original" testId="a" />
      <SpeakButton url="/api/speech?messageId=1&part=translation" testId="b" />
    </I18nProvider>,
  );
  return { a: screen.getByTestId('a'), b: screen.getByTestId('b') };
}

describe('SpeakButton', () => {
  it('plays its url, shows loading then playing, and stops on a second tap', async () => {
    const { a } = setup();
    expect(a.getAttribute('aria-label')).toBe('Listen');
    fireEvent.click(a);
    expect(a.dataset.state).toBe('loading');
    expect(elements[0]?.getAttribute('src')).toBe('/api/speech?messageId=1&part=original');
    await tick();
    expect(a.dataset.state).toBe('playing');
    expect(a.getAttribute('aria-label')).toBe('Stop');
    fireEvent.click(a);
    expect(a.dataset.state).toBe('idle');
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it('plays one voice at a time, and returns to idle when the audio ends', async () => {
    const { a, b } = setup();
    fireEvent.click(a);
    await tick();
    fireEvent.click(b);
    await tick();
    expect(a.dataset.state).toBe('idle');
    expect(b.dataset.state).toBe('playing');
    act(() => {
      elements[1]?.dispatchEvent(new Event('ended'));
    });
    expect(b.dataset.state).toBe('idle');
  });

  it('shows an error state when the audio cannot be played', async () => {
    const { a } = setup();
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementationOnce(function (this: HTMLMediaElement) {
      setTimeout(() => this.dispatchEvent(new Event('error')), 0);
      return Promise.resolve();
    });
    fireEvent.click(a);
    await tick();
    expect(a.dataset.state).toBe('error');
  });
});
