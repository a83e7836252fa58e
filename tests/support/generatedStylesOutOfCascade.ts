/**
 * Keeps the style rules MUI generates at run time (Emotion's `<style data-emotion>` elements) out
 * of jsdom's cascade, in the unit layer only.
 *
 * Why: Testing Library's `*ByRole` queries decide what is hidden and compute accessible names
 * through `getComputedStyle`, and jsdom answers it by matching the element (and, for inherited
 * properties, each ancestor) against every rule of every sheet. A rendered portal has some 1,500
 * Emotion rules, and the cache of computed styles is dropped at every DOM change, so half of a
 * screen test's CPU went there (serverList.test.tsx: 45.6 → 23.0 CPU-s without them).
 *
 * What it costs: jsdom does no layout and the screen tests do not judge presentation; styling —
 * what is visible at 375 px, contrast, overflow — is checked in a real browser by the end-to-end
 * catalogue (tests/e2e/screens.spec.ts). Inline styles, the `hidden` attribute and jsdom's own
 * default sheet still count, so MUI's closed drawers, transitions and `display: none` attributes
 * still hide what they hide.
 *
 * How: Emotion adds each `<style>` to `document.head` with `insertBefore` / `appendChild`; those
 * two calls on a `<head>` place Emotion's elements in a detached holder instead, where Emotion
 * keeps working with them (it only ever inserts next to, and removes, its own elements).
 */
const INSTALLED = Symbol.for('portal.tests.generatedStylesOutOfCascade');

function isGeneratedStyle(node: Node): boolean {
  return node.nodeName === 'STYLE' && (node as Element).hasAttribute('data-emotion');
}

export function keepGeneratedStylesOutOfCascade(window: Window & typeof globalThis): void {
  const nodePrototype = window.Node.prototype as Node & { [INSTALLED]?: true };
  if (nodePrototype[INSTALLED]) return;
  nodePrototype[INSTALLED] = true;

  const holder = window.document.createElement('div');
  const insertBefore = nodePrototype.insertBefore;
  const appendChild = nodePrototype.appendChild;

  nodePrototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null) {
    if (this.nodeName === 'HEAD' && isGeneratedStyle(node)) {
      return insertBefore.call(holder, node, child?.parentNode === holder ? child : null) as T;
    }
    return insertBefore.call(this, node, child) as T;
  };
  nodePrototype.appendChild = function <T extends Node>(this: Node, node: T) {
    if (this.nodeName === 'HEAD' && isGeneratedStyle(node)) {
      return appendChild.call(holder, node) as T;
    }
    return appendChild.call(this, node) as T;
  };
}
