import { useEffect, useState } from 'react';

/** A visual viewport this much shorter than the tallest seen at this width means the keyboard is up. */
const KEYBOARD_MIN_PX = 150;

/**
 * Follows window.visualViewport (what is visible above a phone's on-screen keyboard): sets
 * --app-height on <html> to the visible height, so the shell (and its composer) fits above the
 * keyboard on browsers that only shrink the visual viewport, and reports whether the keyboard is open.
 */
export function useVisualViewport(): { keyboardOpen: boolean } {
  const [keyboardOpen, setKeyboardOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const tallest = new Map<number, number>(); // by width: rotating the phone changes both
    const update = () => {
      const width = Math.round(viewport.width);
      const height = viewport.height;
      const max = Math.max(tallest.get(width) ?? 0, height);
      tallest.set(width, max);
      const open = max - height > KEYBOARD_MIN_PX && document.activeElement instanceof HTMLElement && isTextField(document.activeElement);
      document.documentElement.style.setProperty('--app-height', `${Math.round(height)}px`);
      setKeyboardOpen(open);
    };
    update();
    viewport.addEventListener('resize', update);
    window.addEventListener('focusin', update);
    window.addEventListener('focusout', update);
    return () => {
      viewport.removeEventListener('resize', update);
      window.removeEventListener('focusin', update);
      window.removeEventListener('focusout', update);
      document.documentElement.style.removeProperty('--app-height');
    };
  }, []);
  return { keyboardOpen };
}

function isTextField(el: HTMLElement): boolean {
  return el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type)) || el.isContentEditable;
}
