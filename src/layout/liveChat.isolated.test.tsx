// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderShell, shellSandboxPerTest, signInAs } from './layoutTestHarness';
import { loadLiveChat } from './liveChat';

// The portal reads the widget's URL from its build-time settings; each test sets its own.
const settings = vi.hoisted(() => ({ liveChatScriptUrl: '' }));
vi.mock('../config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../config')>();
  return {
    config: {
      ...actual.config,
      get liveChatScriptUrl() {
        return settings.liveChatScriptUrl;
      },
    },
  };
});

const WIDGET = 'https://chat.example.vn/widget.js';

function chatScripts() {
  return [...document.head.querySelectorAll('script')].filter((script) =>
    script.src.startsWith('https://chat.example.vn/'),
  );
}

const shell = shellSandboxPerTest();

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.LiveChatVisitor;
  settings.liveChatScriptUrl = '';
});

describe('the live-chat widget', () => {
  it('is loaded once, async, with the signed-in visitor, when its URL is configured', async () => {
    settings.liveChatScriptUrl = WIDGET;
    const { user } = await signInAs(shell().sandbox, 'demo@example.vn');
    const userMenu = { name: `Tài khoản ${user.fullname}` };
    // StrictMode runs every effect twice.
    const first = renderShell({ strict: true });
    await screen.findByRole('button', userMenu);

    expect(chatScripts()).toHaveLength(1);
    expect(chatScripts()[0]?.src).toBe(WIDGET);
    expect(chatScripts()[0]?.async).toBe(true);
    expect(window.LiveChatVisitor).toEqual({ name: user.fullname, email: user.email });

    // Mounting the layout again adds nothing either.
    first.unmount();
    renderShell({ path: '/volume' });
    await screen.findByRole('button', userMenu);
    expect(chatScripts()).toHaveLength(1);
  });

  it('is not loaded at all when no URL is configured', async () => {
    const { user } = await signInAs(shell().sandbox, 'demo@example.vn');
    renderShell();
    await screen.findByRole('button', { name: `Tài khoản ${user.fullname}` });
    expect(chatScripts()).toHaveLength(0);
    expect(document.head.querySelector('script[data-portal-live-chat]')).toBeNull();
    expect(window.LiveChatVisitor).toBeUndefined();
  });

  it('loader: does nothing without a URL and adds its script only the first time', () => {
    const visitor = { name: 'A', email: 'a@example.vn' };
    expect(loadLiveChat('', visitor)).toBe(false);
    expect(window.LiveChatVisitor).toBeUndefined();
    expect(loadLiveChat(WIDGET, visitor)).toBe(true);
    expect(loadLiveChat(WIDGET, visitor)).toBe(false);
    expect(chatScripts()).toHaveLength(1);
  });
});
