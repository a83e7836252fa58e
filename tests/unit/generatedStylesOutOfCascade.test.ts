// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { keepGeneratedStylesOutOfCascade } from '../support/generatedStylesOutOfCascade';

function styleElement(css: string, generated: boolean): HTMLStyleElement {
  const style = document.createElement('style');
  if (generated) style.setAttribute('data-emotion', 'css');
  style.textContent = css;
  return style;
}

describe('generated styles kept out of the cascade (unit layer)', () => {
  it('leaves MUI’s generated rules out of getComputedStyle, and every other rule in', () => {
    keepGeneratedStylesOutOfCascade(window);
    const box = document.createElement('p');
    box.className = 'css-generated plain';
    document.body.append(box);

    const generated = styleElement('.css-generated { display: none; }', true);
    document.head.insertBefore(generated, document.head.firstChild);
    document.head.appendChild(styleElement('.css-generated { visibility: hidden; }', true));
    expect(getComputedStyle(box).display).toBe('block');
    expect(getComputedStyle(box).visibility).toBe('visible');
    expect(document.head.querySelector('style[data-emotion]')).toBeNull();
    // Emotion still holds and removes its own elements.
    expect(generated.isConnected).toBe(false);
    generated.remove();

    document.head.appendChild(styleElement('.plain { visibility: hidden; }', false));
    expect(getComputedStyle(box).visibility).toBe('hidden');
  });
});
