// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeUser, renderShell, signIn } from './layoutTestHarness';
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

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.LiveChatVisitor;
  settings.liveChatScriptUrl = '';
});

describe('the live-chat widget', () => {
  it('is loaded once, async, with the signed-in visitor, when its URL is configured', async () => {
    settings.liveChatScriptUrl = WIDGET;
    signIn(makeUser({ fullname: 'Trần Thị Bình', email: 'binh@example.vn' }));
    // StrictMode runs every effect twice.
    const first = renderShell({ strict: true });
    await screen.findByRole('button', { name: 'Tài khoản Trần Thị Bình' });

    expect(chatScripts()).toHaveLength(1);
    expect(chatScripts()[0]?.src).toBe(WIDGET);
    expect(chatScripts()[0]?.async).toBe(true);
    expect(window.LiveChatVisitor).toEqual({ name: 'Trần Thị Bình', email: 'binh@example.vn' });

    // Mounting the layout again adds nothing either.
    first.unmount();
    renderShell({ path: '/volume' });
    await screen.findByRole('button', { name: 'Tài khoản Trần Thị Bình' });
    expect(chatScripts()).toHaveLength(1);
  });

  it('uses the e-mail as the visitor name when there is no full name', async () => {
    settings.liveChatScriptUrl = WIDGET;
    signIn(makeUser({ fullname: '', email: 'binh@example.vn' }));
    renderShell();
    await screen.findByRole('button', { name: 'Tài khoản binh@example.vn' });
    expect(window.LiveChatVisitor).toEqual({ name: 'binh@example.vn', email: 'binh@example.vn' });
  });

  it('is not loaded at all when no URL is configured', async () => {
    signIn(makeUser());
    renderShell();
    await screen.findByRole('button', { name: 'Tài khoản Nguyễn Văn An' });
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
