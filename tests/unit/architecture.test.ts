/**
 * The direction of imports (docs/architecture.md) is enforced by ESLint's boundary rule. These
 * tests lint small made-up files placed where real code lives, so a change to eslint.config.js
 * that silently stops a rule from firing fails here. The imported modules are real: the rule
 * judges what an import resolves to.
 */
import { join } from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The boundary-rule messages ESLint reports for `code` as if it were the file at `path`. */
async function boundaryViolations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: join(root, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies' || message.fatal)
    .map((message) => message.message);
}

const forbidden: [rule: string, path: string, code: string][] = [
  ['domain → i18n', 'src/domain/probe.ts', "import { vi } from '../i18n/vi';"],
  ['domain → portal root', 'src/domain/probe.ts', "import { config } from '../config';"],
  ['domain → components', 'src/domain/probe.ts', "import '../components/usePageTitle';"],
  ['domain → server', 'src/domain/probe.ts', "import { users } from '../../server/auth/users';"],
  ['domain → react', 'src/domain/probe.ts', "import { useState } from 'react';"],
  ['domain → @mui', 'src/domain/probe.ts', "import Button from '@mui/material/Button';"],
  ['domain → react-admin', 'src/domain/probe.ts', "import { useTranslate } from 'react-admin';"],
  ['domain → ra-core', 'src/domain/probe.ts', "import { HttpError } from 'ra-core';"],
  ['domain → node built-in', 'src/domain/probe.ts', "import { readFileSync } from 'node:fs';"],
  [
    'resource → another resource',
    'src/resources/probe-resource/probe.ts',
    "import { pickServerChoice } from '../cloud-server/serverChoice';",
  ],
  ['server → components', 'server/probe.ts', "import '../src/components/usePageTitle';"],
  ['server → layout', 'server/probe.ts', "import '../src/layout/liveChat';"],
  ['server → pages', 'server/probe.ts', "import '../src/pages/public/LoginPage';"],
  ['server → resources', 'server/probe.ts', "import '../src/resources/cloud-server/serverChoice';"],
  ['server → dataProvider', 'server/probe.ts', "import '../src/dataProvider/dataProvider';"],
  ['server → authProvider', 'server/probe.ts', "import '../src/authProvider/sessionRules';"],
  ['server → API client', 'server/probe.ts', "import '../src/api/client';"],
  ['server → portal root', 'server/probe.ts', "import '../src/App';"],
  ['server → i18nProvider', 'server/probe.ts', "import '../src/i18n/i18nProvider';"],
  ['server → PublicI18nProvider', 'server/probe.ts', "import '../src/i18n/PublicI18nProvider';"],
  ['server → portal English', 'server/probe.ts', "import '../src/i18n/englishMessages';"],
  ['server → react', 'server/probe.ts', "import React from 'react';"],
  ['server → react-admin', 'server/probe.ts', "import { Admin } from 'react-admin';"],
  ['server → ra-language-english', 'server/probe.ts', "import english from 'ra-language-english';"],
  ['server → @mui', 'server/probe.ts', "import { Button } from '@mui/material';"],
  ['server area → @mui', 'server/billing/probe.ts', "import { Button } from '@mui/material';"],
  ['platform → a server area', 'server/platform/probe.ts', "import '../auth/users';"],
  ['billing → compute (above it)', 'server/billing/probe.ts', "import '../compute/servers';"],
  [
    'billing gateway → storage (above it)',
    'server/billing/gateways/probe.ts',
    "import '../../storage/volumes';",
  ],
  ['server area → the composition', 'server/sandbox/probe.ts', "import '../handlers';"],
  [
    'message data → react-admin pack',
    'src/i18n/en.ts',
    "import english from 'ra-language-english';",
  ],
  ['message data → i18n runtime', 'src/i18n/vi.ts', "import { loadMessages } from './locale';"],
  [
    'component → page stylesheet',
    'src/components/Probe.tsx',
    "import '../pages/public/public.css';",
  ],
];

const allowed: [rule: string, path: string, code: string][] = [
  [
    'domain → itself and dayjs',
    'src/domain/probe.ts',
    "import dayjs from 'dayjs';\nimport utc from 'dayjs/plugin/utc';\nimport { VAT_RATE } from './constants';",
  ],
  [
    'resource → itself and shared layers',
    'src/resources/cloud-server/probe.ts',
    "import './serverChoice';\nimport '../../components/usePageTitle';\nimport '../../domain/pricing';",
  ],
  [
    'server → domain, API types, message data, its own packages',
    'server/probe.ts',
    [
      "import type { paths } from '../src/api/schema';",
      "import { VAT_RATE } from '../src/domain/constants';",
      "import { en } from '../src/i18n/en';",
      "import { translateWith } from '../src/i18n/interpolate';",
      "import { vi } from '../src/i18n/vi';",
      "import Fastify from 'fastify';",
    ].join('\n'),
  ],
  [
    'server area → the areas below it',
    'server/storage/probe.ts',
    [
      "import '../platform/db';",
      "import '../auth/users';",
      "import '../billing/orders';",
      "import '../compute/servers';",
      "import './volumes';",
    ].join('\n'),
  ],
  [
    'composition → any area',
    'server/probe.ts',
    "import './sandbox/seed';\nimport './billing/orders';",
  ],
  ['message data → message data', 'src/i18n/en.ts', "import type { vi } from './vi';"],
  ['page → its own stylesheet', 'src/pages/public/Probe.tsx', "import './public.css';"],
  [
    'component → a package stylesheet',
    'src/components/Probe.tsx',
    "import 'react-phone-number-input/style.css';",
  ],
];

describe('the import-direction rule', () => {
  it.each(forbidden)('forbids %s', async (_rule, path, code) => {
    expect(await boundaryViolations(path, code)).toHaveLength(1);
  });

  it.each(allowed)('allows %s', async (_rule, path, code) => {
    expect(await boundaryViolations(path, code)).toEqual([]);
  });

  it('holds in the sandbox and the message files it reads', async () => {
    const boundaryRuleOnly = new ESLint({
      cwd: root,
      ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies',
    });
    const results = await boundaryRuleOnly.lintFiles(['server', 'src/i18n']);
    const violations = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(20);
    expect(violations).toEqual([]);
  }, 60_000);
});
