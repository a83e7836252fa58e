import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Packages that draw UI: the sandbox API must never load them. */
const UI_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-admin',
  'ra-*',
  '@mui/*',
  '@emotion/*',
  '@tanstack/*',
  'react-phone-number-input',
];

/** The only packages the pure business rules may use: small, pure and fine in both browser and Node. */
const PURE_LIBRARIES = ['dayjs', 'libphonenumber-js'];

/** A micromatch pattern matching any of these names (a one-name brace list is not expanded). */
const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);
/** A micromatch pattern matching every name but these. */
const anyExcept = (names) => `!${anyOf(names)}`;

/**
 * The sandbox's areas, one folder of server/ each, from the bottom up (docs/architecture.md): an
 * area imports only the areas before it, and none imports the composition (the files directly in
 * server/: app.ts, start.ts, config.ts, handlers.ts, testing.ts). Where a lower area needs
 * something of a higher one, it declares it and the composition fills it in (connectAreas in
 * server/handlers.ts). tests/unit/importCycles.test.ts reads this list too.
 */
const ORDERED_AREAS = [
  'platform',
  'auth',
  'catalog',
  'billing',
  'compute',
  'storage',
  'network',
  'keys',
  'support',
  'agency',
  'dashboard',
];

/**
 * The areas added by the recipe "a new resource" (scripts/new-resource.ts): every other folder of
 * server/ but `sandbox`, above the ordered ones, in alphabetical order; server/handlers.ts finds
 * them the same way. Move one into ORDERED_AREAS when an older area must build on it.
 */
const ADDED_AREAS = readdirSync(join(import.meta.dirname, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !ORDERED_AREAS.includes(name) && name !== 'sandbox')
  .sort();

export const SERVER_AREAS = [...ORDERED_AREAS, ...ADDED_AREAS, 'sandbox'];

/** One policy per area: it may not import the areas above it, nor the composition. */
const serverAreaPolicies = SERVER_AREAS.map((area, rank) => {
  const above = SERVER_AREAS.slice(rank + 1);
  const below = SERVER_AREAS.slice(0, rank);
  return {
    from: { element: { type: 'server-area', captured: { area } } },
    disallow: {
      to: [
        ...(above.length
          ? [{ element: { type: 'server-area', captured: { area: anyOf(above) } } }]
          : []),
        { element: { type: 'server' } },
      ],
    },
    message: `${
      below.length
        ? `server/${area} imports only the areas below it (${below.join(', ')})`
        : `server/${area} is the bottom area and imports no other`
    }: imports go down, never up nor into the composition in server/*.ts; a need of a lower area is declared there and filled in by connectAreas (server/handlers.ts)`,
  };
});

/**
 * The direction of imports (docs/architecture.md): each folder below is one element, and the
 * policies of 'boundaries/dependencies' say which element may not import which.
 */
const architecture = {
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js'] } },
    'boundaries/elements': [
      { type: 'domain', pattern: 'src/domain' },
      { type: 'resource', pattern: 'src/resources/*', capture: ['resource'] },
      { type: 'pages', pattern: 'src/pages' },
      { type: 'components', pattern: 'src/components' },
      { type: 'layout', pattern: 'src/layout' },
      { type: 'data-provider', pattern: 'src/dataProvider' },
      { type: 'auth-provider', pattern: 'src/authProvider' },
      { type: 'api', pattern: 'src/api' },
      { type: 'i18n', pattern: 'src/i18n' },
      { type: 'server-area', pattern: 'server/*', capture: ['area'] },
      // The composition: the files directly in server/.
      { type: 'server', pattern: 'server' },
    ].map((element) => ({ ...element, partialMatch: false })),
    // A file takes the category of the first pattern it matches.
    'boundaries/files-single-match': true,
    'boundaries/files': [
      // The portal's files outside any folder: App.tsx, main.tsx, config.ts, …
      { category: 'portal-root', pattern: 'src/*.{ts,tsx}' },
      { category: 'page-stylesheet', pattern: 'src/pages/**/*.css' },
      // What the sandbox shares: the generated API types and the message data; the rest of
      // src/api and src/i18n is the browser's.
      { category: 'api-types', pattern: 'src/api/schema.d.ts' },
      { category: 'message-data', pattern: 'src/i18n/{vi,en,interpolate}.ts' },
      { category: 'api-client', pattern: 'src/api/**' },
      { category: 'i18n-runtime', pattern: 'src/i18n/**' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        checkAllOrigins: true,
        checkInternals: true,
        policies: [
          {
            from: { element: { type: 'domain' } },
            disallow: {
              to: [
                { element: { type: '!domain' } },
                { file: { categories: 'portal-root' } },
                { module: { origin: ['external', 'core'], source: anyExcept(PURE_LIBRARIES) } },
              ],
            },
            message: `src/domain holds pure rules: it imports only itself and small pure libraries (${PURE_LIBRARIES.join(', ')})`,
          },
          {
            from: { element: { type: 'resource' } },
            disallow: {
              to: {
                element: {
                  type: 'resource',
                  captured: { resource: '!{{from.captured.resource}}' },
                },
              },
            },
            message:
              'a resource does not import another resource: share through src/components or src/domain',
          },
          ...serverAreaPolicies,
          {
            from: { element: { types: ['server', 'server-area'] } },
            disallow: {
              to: [
                {
                  element: {
                    types: [
                      'pages',
                      'components',
                      'layout',
                      'resource',
                      'data-provider',
                      'auth-provider',
                    ],
                  },
                },
                { file: { categories: ['api-client', 'i18n-runtime', 'portal-root'] } },
                { module: { origin: 'external', source: UI_PACKAGES } },
              ],
            },
            message:
              'the sandbox imports from the portal only src/domain, src/api/schema and the message data (src/i18n/vi, en, interpolate), and no UI package',
          },
          {
            from: { file: { categories: 'message-data' } },
            disallow: {
              to: [
                { file: { categories: '!message-data' } },
                { module: { origin: ['external', 'core'] } },
              ],
            },
            message:
              "the message files are plain data shared with the sandbox: react-admin's English is merged in src/i18n/englishMessages.ts",
          },
          {
            from: { element: { type: 'components' } },
            disallow: { to: { file: { categories: 'page-stylesheet' } } },
            message: "a shared component brings its own stylesheet instead of a page's",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/api/schema.d.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Where React code is: the portal and the tests that render it. The sandbox, the scripts and
    // the end-to-end specs import no React (the sandbox may not: see the boundaries below), and
    // the hooks rules run the React Compiler's analysis over every function they see — a third
    // of the whole lint's time when they also read those.
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'tests/support/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    // Tests may reach across layers, e.g. a domain test checks that its message keys exist.
    ignores: ['**/*.test.{ts,tsx}'],
    ...architecture,
  },
  {
    // The first-data script runs before the portal's code has arrived, and must not make the
    // login page's entry import a chunk it shares (src/firstData/earlyCalls.ts).
    files: ['src/firstData/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|virtual:messages/|\\.\\./api/schema$)',
              message:
                'src/firstData imports only its own folder, the API types and message slices: it runs before the portal has arrived.',
            },
          ],
        },
      ],
    },
  },
  {
    // react-hook-form's own error focus moves the caret out of a field being typed into.
    files: ['src/**/*.tsx'],
    ignores: ['src/components/PortalForm.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['Form', 'SimpleForm', 'TabbedForm'],
              message:
                'Use PortalForm (src/components/PortalForm.tsx): it focuses the first invalid field once.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every journey runs under the fixture that fails it on a 501 or a contract mismatch.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './support', which watches every API answer.",
            },
          ],
        },
      ],
    },
  },
);
