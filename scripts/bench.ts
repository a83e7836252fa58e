/**
 * `npm run bench`: builds the portal and reports what a first visit downloads.
 * The figure that matters: gzipped JavaScript needed before the login form is usable,
 * i.e. the entry chunk, the login page's chunk and every chunk they import statically.
 * Budget: 150 KB (1 KB = 1000 bytes, as Vite reports).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const LOGIN_JS_BUDGET_KB = 150;
const outDir = join(process.cwd(), 'dist');

await build({ logLevel: 'warn', build: { manifest: true, outDir } });
const manifest = JSON.parse(
  readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKb(files: string[]): number {
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    0,
  );
  return Math.round(bytes / 100) / 10;
}

function javascriptFor(keys: string[]): string[] {
  return [...staticClosure(keys)]
    .map((key) => manifest[key]!.file)
    .filter((f) => f.endsWith('.js'));
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest');
const page = (name: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`));
  if (!key) throw new Error(`No chunk for ${name}`);
  return key;
};

const rows = [
  ['login page (entry + LoginPage)', [entry, page('LoginPage')]],
  ['register page (entry + RegisterPage)', [entry, page('RegisterPage')]],
  ['signed-in portal (entry + App)', [entry, page('App')]],
] as const;

console.log('JavaScript a first visit downloads (gzip -9):');
const results = rows.map(([label, keys]) => {
  const files = javascriptFor([...keys]);
  const kb = gzipKb(files);
  console.log(`  ${label.padEnd(40)} ${kb.toFixed(1).padStart(7)} KB in ${files.length} files`);
  return kb;
});
const login = results[0]!;
console.log(
  `login page budget: ${login.toFixed(1)} KB of ${LOGIN_JS_BUDGET_KB} KB — ${
    login <= LOGIN_JS_BUDGET_KB ? 'within budget' : 'OVER BUDGET'
  }`,
);
if (login > LOGIN_JS_BUDGET_KB) process.exitCode = 1;
