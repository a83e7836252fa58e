/**
 * What CI enforces without a browser: the byte budgets of the two first loads and of each daily
 * screen's, the public pages free of the signed-in portal's libraries, and every resource's
 * screens in chunks of their own.
 */
import {
  ALLOWED_ON_LOGIN,
  BYTE_BUDGETS,
  NOT_ON_LOGIN,
  SCREEN_BUDGETS,
  type ScreenBudget,
} from './budgets';
import {
  chunkOf,
  entryChunk,
  firstDataChunk,
  gzipBytes,
  kilobytes,
  staticClosure,
  type BuiltChunk,
  type PortalBuild,
} from './portalBuild';

export interface FirstLoad {
  label: string;
  chunks: BuiltChunk[];
  gzipKb: number;
  /** Each chunk's own gzip size, largest first. */
  chunkKb: { chunk: BuiltChunk; kb: number }[];
}

export interface CheckResult {
  name: string;
  /** What was measured, e.g. `82.4 KB` or `0 modules`. */
  figure: string;
  limit: string;
  passed: boolean;
  /** Why it failed, one line each (the offending module, the chunk it is in). */
  problems: string[];
}

export const LOGIN_PAGE = 'src/pages/public/LoginPage.tsx';
export const SIGNED_IN_APP = 'src/App.tsx';
export const DASHBOARD_PAGE = 'src/pages/DashboardPage.tsx';
/**
 * The portal's messages in the default language (src/i18n/locale.ts): a chunk of their own, yet
 * the signed-in portal draws nothing before they arrive (Root.tsx awaits them), so every
 * signed-in first load counts them.
 */
export const DEFAULT_PORTAL_MESSAGES = 'virtual:messages/vi/portal';

function firstLoad(portal: PortalBuild, label: string, sources: string[]): FirstLoad {
  return loadOf(portal, label, [
    entryChunk(portal),
    ...sources.map((source) => chunkOf(portal, source)),
  ]);
}

function loadOf(portal: PortalBuild, label: string, start: BuiltChunk[]): FirstLoad {
  const chunks = staticClosure(portal, start);
  const chunkKb = chunks
    .map((chunk) => ({ chunk, kb: kilobytes(gzipBytes(portal, [chunk])) }))
    .sort((a, b) => b.kb - a.kb);
  return {
    label,
    chunks,
    gzipKb: chunkKb.reduce((total, one) => total + one.kb, 0),
    chunkKb,
  };
}

export function loginFirstLoad(portal: PortalBuild): FirstLoad {
  return firstLoad(portal, 'entry + LoginPage', [LOGIN_PAGE]);
}

/** The first-data script and its static imports (no page waits for it). */
export function firstDataLoad(portal: PortalBuild): FirstLoad {
  return loadOf(portal, 'first-data script', [firstDataChunk(portal)]);
}

export function signedInFirstLoad(portal: PortalBuild): FirstLoad {
  return screenFirstLoad(portal, DASHBOARD_PAGE);
}

/** Entry + App + the portal's messages + a signed-in screen's lazy chunk + their static imports. */
export function screenFirstLoad(portal: PortalBuild, source: string): FirstLoad {
  const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
  return firstLoad(portal, `entry + App + messages + ${name}`, [
    SIGNED_IN_APP,
    DEFAULT_PORTAL_MESSAGES,
    source,
  ]);
}

function byteBudget(name: string, load: FirstLoad, budgetKb: number): CheckResult {
  const passed = load.gzipKb <= budgetKb;
  return {
    name,
    figure: `${load.gzipKb.toFixed(1)} KB`,
    limit: `≤ ${budgetKb} KB`,
    passed,
    problems: passed
      ? []
      : [`${load.label}: ${load.chunks.length} chunks, largest ${largestChunks(load).join(', ')}`],
  };
}

function largestChunks(load: FirstLoad): string[] {
  return load.chunkKb.slice(0, 3).map(({ chunk, kb }) => `${chunk.file} ${kb.toFixed(1)} KB`);
}

const allowedOnLogin = (module: string) =>
  ALLOWED_ON_LOGIN.some((allowed) => module.endsWith(allowed.module));

/** One problem per library found, naming the first module of it and the chunk it is in. */
function libraryFreeLogin(load: FirstLoad): CheckResult {
  const problems: string[] = [];
  for (const library of NOT_ON_LOGIN) {
    const hits = load.chunks.flatMap((chunk) =>
      chunk.modules
        .filter((module) => library.path.test(module) && !allowedOnLogin(module))
        .map((module) => ({ chunk, module })),
    );
    const first = hits[0];
    if (first) {
      problems.push(
        `${library.name}: ${hits.length} modules, e.g. ${first.module} in ${first.chunk.file}`,
      );
    }
  }
  return {
    name: `login page loads no ${NOT_ON_LOGIN.map((library) => library.name).join(', ')}`,
    figure: `${problems.length} libraries`,
    limit: '0 libraries',
    passed: problems.length === 0,
    problems,
  };
}

/** A resource's list, create and detail screens: the modules lazy() loads, by name or by chunk. */
const isResourcePage = (portal: PortalBuild) => {
  const lazyResourceModules = new Set(
    [...portal.chunks.values()]
      .map((chunk) => chunk.source)
      .filter((source): source is string => source?.startsWith('src/resources/') ?? false),
  );
  return (module: string) =>
    module.startsWith('src/resources/') &&
    (lazyResourceModules.has(module) || /(List|Page)\.tsx$/.test(module));
};

function lazyResources(portal: PortalBuild, signedIn: FirstLoad): CheckResult {
  const isPage = isResourcePage(portal);
  const problems = signedIn.chunks.flatMap((chunk) =>
    chunk.modules
      .filter(isPage)
      .map((module) => `${module} is in ${chunk.file}: load it with lazy() instead`),
  );
  return {
    name: "signed-in first load holds no resource's list/create/detail page",
    figure: `${problems.length} pages`,
    limit: '0 pages',
    passed: problems.length === 0,
    problems,
  };
}

export function runChecks(
  portal: PortalBuild,
  screenBudgets: readonly ScreenBudget[] = SCREEN_BUDGETS,
): {
  login: FirstLoad;
  signedIn: FirstLoad;
  /** Each daily screen's first load beside its budget (the dashboard's is `signedIn`). */
  screens: { budget: ScreenBudget; load: FirstLoad }[];
  results: CheckResult[];
} {
  const login = loginFirstLoad(portal);
  const signedIn = signedInFirstLoad(portal);
  const screens = screenBudgets.map((budget) => ({
    budget,
    load: screenFirstLoad(portal, budget.source),
  }));
  return {
    login,
    signedIn,
    screens,
    results: [
      byteBudget('login page JavaScript (gzip -9)', login, BYTE_BUDGETS.loginJsKb),
      byteBudget('signed-in first load JavaScript (gzip -9)', signedIn, BYTE_BUDGETS.signedInJsKb),
      byteBudget(
        'first-data script, waited for by no page (gzip -9)',
        firstDataLoad(portal),
        BYTE_BUDGETS.firstDataJsKb,
      ),
      ...screens.map(({ budget, load }) =>
        byteBudget(`${budget.screen} first load JavaScript (gzip -9)`, load, budget.kb),
      ),
      libraryFreeLogin(login),
      lazyResources(portal, signedIn),
    ],
  };
}

export function printChecks(results: CheckResult[]): void {
  for (const result of results) {
    const verdict = result.passed ? 'ok  ' : 'FAIL';
    console.log(`${verdict} ${result.name}: ${result.figure} (budget ${result.limit})`);
    for (const problem of result.problems) console.log(`       ${problem}`);
  }
}
