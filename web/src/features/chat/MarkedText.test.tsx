import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkedText } from './MarkedText.tsx';

describe('MarkedText', () => {
  it('marks the unknown words and keeps the whole text', () => {
    const { container, getAllByTestId } = render(<p><MarkedText text="Llámame luego, Zorblat y Quux!" spans={[{ start: 15, end: 22 }, { start: 25, end: 29 }]} /></p>);
    expect(container.textContent).toBe('Llámame luego, Zorblat y Quux!');
    expect(getAllByTestId('unknown-word').map((e) => e.textContent)).toEqual(['Zorblat', 'Quux']);
  });

  it('ignores spans outside the text', () => {
    const { container } = render(<p><MarkedText text="Hola" spans={[{ start: 2, end: 9 }]} /></p>);
    expect(container.textContent).toBe('Hola');
    expect(container.querySelectorAll('[data-testid="unknown-word"]')).toHaveLength(0);
  });
});
