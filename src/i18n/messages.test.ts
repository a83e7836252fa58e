import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import englishMessages from 'ra-language-english';
import publicEn from 'virtual:messages/en/public';
import { describe, expect, it } from 'vitest';

import { lookupMessage, type MessageTree } from './interpolate';
import { MESSAGE_SLICE_AREAS, pickMessages } from './messageSlices';
import { loadMessages } from './locale';
import { publicVi } from './publicMessages';
import { en } from './en';
import { vi } from './vi';

function leaves(tree: MessageTree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

// What the portal shows: our messages with react-admin's own (`ra.*`) merged in.
const viLeaves = leaves(await loadMessages('vi'));
const enLeaves = leaves(await loadMessages('en'));

describe('the message files', () => {
  it('have the same keys in Vietnamese and English, react-admin messages included', () => {
    const missingInEnglish = [...viLeaves.keys()].filter((key) => !enLeaves.has(key));
    const missingInVietnamese = [...enLeaves.keys()].filter((key) => !viLeaves.has(key));
    expect({ missingInEnglish, missingInVietnamese }).toEqual({
      missingInEnglish: [],
      missingInVietnamese: [],
    });
  });

  it('have the same keys in both languages in what only the sandbox says, and the portal downloads none of it', () => {
    const sandboxVi = leaves(vi.server);
    const sandboxEn = leaves(en.server as MessageTree);
    expect(sandboxVi.size).toBeGreaterThan(100);
    expect([...sandboxVi.keys()].filter((key) => !sandboxEn.has(key))).toEqual([]);
    expect([...sandboxEn.keys()].filter((key) => !sandboxVi.has(key))).toEqual([]);
    const problems = [...sandboxVi].flatMap(([key, text]) =>
      !text.trim() || placeholders(text).join() !== placeholders(sandboxEn.get(key) ?? '').join()
        ? [key]
        : [],
    );
    expect(problems).toEqual([]);
    const downloaded = [...viLeaves.keys(), ...enLeaves.keys()];
    expect(downloaded.filter((key) => key.startsWith('server.'))).toEqual([]);
  });

  it("give English react-admin's own messages beside ours", () => {
    expect(enLeaves.get('ra.action.save')).toBe('Save');
    expect(enLeaves.get('app.page.login')).toBe('Sign in');
    expect(viLeaves.get('ra.action.save')).toBe('Lưu');
  });

  it('translate every react-admin message (ra.*) into Vietnamese', () => {
    const raKeys = [...leaves(englishMessages as unknown as MessageTree).keys()];
    expect(raKeys.length).toBeGreaterThan(100);
    expect(raKeys.filter((key) => !viLeaves.has(key))).toEqual([]);
  });

  it('use the same placeholders in both languages and leave no message empty', () => {
    const problems = [...viLeaves].flatMap(([key, text]) => {
      const twin = enLeaves.get(key) ?? '';
      if (!text.trim() && key !== 'ra.boolean.null') return [`${key}: empty in vi`];
      if (placeholders(text).join() !== placeholders(twin).join()) return [`${key}: placeholders`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('quote the name to type the same way in every type-to-confirm prompt', () => {
    const prompts = [...viLeaves, ...enLeaves].filter(
      ([key, text]) => /(type_name|prompt)$/.test(key) && /để xác nhận|to confirm/.test(text),
    );
    expect(prompts.length).toBeGreaterThan(6);
    expect(
      prompts
        .filter(([, text]) => !/"%\{\w+\}"/.test(text))
        .map(([key, text]) => `${key}: ${text}`),
    ).toEqual([]);
  });

  it('contain every key that the source code translates', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name) && !name.includes('.test.')) {
          const source = readFileSync(path, 'utf8');
          for (const match of source.matchAll(
            /translate\(\s*'((?:app|shell|ra|validation)\.[\w.-]+)'/g,
          )) {
            used.add(match[1] as string);
          }
        }
      }
    };
    walk(join(__dirname, '..'));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => lookupMessage(vi, key) === undefined)).toEqual([]);
  });

  it('keep the Vietnamese messages of the specification word for word', () => {
    expect(lookupMessage(vi, 'app.auth.login_failed')).toBe('Email hoặc mật khẩu không đúng.');
    expect(lookupMessage(vi, 'validation.email_required')).toBe('Email không được bỏ trống.');
    expect(lookupMessage(vi, 'validation.email_invalid')).toBe(
      'Vui lòng nhập đúng định dạng email',
    );
    expect(lookupMessage(vi, 'validation.password_mismatch')).toBe(
      'Nhập lại mật khẩu không khớp mật khẩu',
    );
  });
});

const SOURCE_ROOT = join(__dirname, '..');
const MESSAGE_KEY = /'((?:app|validation|account|shell|ra)\.[\w.-]+)'/g;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
}

/**
 * The files of the first download and of the public pages: what src/main.tsx reaches through its
 * imports, static or lazy, except the signed-in portal (App) and the whole portal's messages.
 */
function publicSourceFiles(): string[] {
  // bootCalls.ts starts the signed-in screens' code early: it is the portal's, not the public pages'.
  const portalOnly = new Set(['App.tsx', 'bootCalls.ts', 'vi.ts', 'en.ts', 'englishMessages.ts']);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveSource(file, match[1] as string);
      if (target && !portalOnly.has(target.slice(target.lastIndexOf('/') + 1))) visit(target);
    }
  };
  visit(join(SOURCE_ROOT, 'main.tsx'));
  return [...seen];
}

/**
 * Every message key the public files can show: the keys they spell out, and those returned by the
 * validators they import from src/domain/validation.ts (which also holds the portal's validators).
 */
function publicMessageKeys(): Set<string> {
  const files = publicSourceFiles();
  const validationFile = join(SOURCE_ROOT, 'domain', 'validation.ts');
  const validationSource = readFileSync(validationFile, 'utf8');
  const keys = new Set<string>();
  const addKeys = (text: string) => {
    for (const match of text.matchAll(MESSAGE_KEY)) keys.add(match[1] as string);
  };
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (file === validationFile) continue;
    addKeys(source);
    const validators = /import\s*\{([^}]*)\}\s*from\s*'[./]+domain\/validation'/.exec(source);
    for (const name of validators?.[1]?.split(',') ?? []) {
      const body = new RegExp(`export function ${name.trim()}\\([\\s\\S]*?\\n}`).exec(
        validationSource,
      );
      if (body) addKeys(body[0]);
    }
  }
  return keys;
}

describe("the public pages' messages (the slice the first download carries)", () => {
  const keys = publicMessageKeys();

  it('hold every key the public pages, Root and their components translate, in both languages', () => {
    expect(keys.size).toBeGreaterThan(40);
    expect(keys).toContain('validation.email_required');
    expect(keys).toContain('app.auth.verify_code_help');
    // A page's own slice (the verification page's code form) comes with that page.
    const ownSlices = Object.entries(MESSAGE_SLICE_AREAS)
      .filter(([slice]) => slice !== 'public')
      .map(([, areas]) => pickMessages(vi, areas));
    const inOwnSlice = (key: string) =>
      ownSlices.some((slice) => lookupMessage(slice, key) !== undefined);
    expect(inOwnSlice('account.verify.wrong_code')).toBe(true);
    const missing = [...keys]
      .filter((key) => !inOwnSlice(key))
      .flatMap((key) => [
        ...(lookupMessage(publicVi, key) === undefined ? [`vi: ${key}`] : []),
        ...(lookupMessage(publicEn, key) === undefined ? [`en: ${key}`] : []),
      ]);
    expect(missing).toEqual([]);
  });

  it('are the same messages as vi.ts and en.ts, and only a small part of them', () => {
    const publicViLeaves = leaves(publicVi);
    for (const [key, text] of publicViLeaves) expect(viLeaves.get(key), key).toBe(text);
    for (const [key, text] of leaves(publicEn)) expect(enLeaves.get(key), key).toBe(text);
    expect([...leaves(publicEn).keys()]).toEqual([...publicViLeaves.keys()]);
    expect(publicViLeaves.size).toBeLessThan(viLeaves.size / 5);
  });
});
