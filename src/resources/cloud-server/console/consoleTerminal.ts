/**
 * xterm.js, the terminal the web console draws with (issue 19). Only ever loaded through
 * `import('./consoleTerminal')`, so the library and its stylesheet land in a chunk of their own
 * that a customer downloads when opening a console, never with the portal's first load.
 */
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';

export interface ConsoleTerminal {
  write: (text: string) => void;
  /** Everything typed or pasted, to send to the server. */
  onInput: (listener: (data: string) => void) => void;
  selection: () => string;
  clear: () => void;
  focus: () => void;
  fit: () => void;
  dispose: () => void;
}

export function openTerminal(
  element: HTMLElement,
  { label, narrow }: { label: string; narrow: boolean },
): ConsoleTerminal {
  const terminal = new Terminal({
    // No blinking: content that blinks for more than five seconds must be stoppable (WCAG 2.2.2).
    cursorBlink: false,
    convertEol: false,
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    fontSize: narrow ? 12 : 14,
    scrollback: 2000,
    // What a screen reader can follow: xterm keeps an accessible copy of the lines.
    screenReaderMode: false,
    theme: { background: '#101418', foreground: '#e6e6e6' },
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(element);
  terminal.textarea?.setAttribute('aria-label', label);
  const fit = () => {
    try {
      fitAddon.fit();
    } catch {
      // Not laid out yet (hidden): the next resize fits it.
    }
  };
  fit();
  const listeners: ((data: string) => void)[] = [];
  const input = terminal.onData((data) => listeners.forEach((listener) => listener(data)));
  return {
    write: (text) => terminal.write(text),
    onInput: (listener) => {
      listeners.push(listener);
    },
    selection: () => terminal.getSelection(),
    clear: () => terminal.reset(),
    focus: () => terminal.focus(),
    fit,
    dispose: () => {
      input.dispose();
      terminal.dispose();
    },
  };
}
