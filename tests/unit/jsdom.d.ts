/**
 * The part of jsdom's API the tests use (jsdom ships no types; vitest uses it as an environment).
 * `window.eval` runs a script in the page, as a browser's console does.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { runScripts?: 'outside-only' | 'dangerously' });
    readonly window: Window & { eval(script: string): unknown };
  }
}
