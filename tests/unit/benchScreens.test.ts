/**
 * `npm run bench` runs in no CI job, so its screens' "data shown" conditions are checked here: each
 * must load in Node, be a function the page can run, and see the first data a customer can read
 * (the first-data picture's, or the portal's) — and nothing before it.
 */
import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it } from 'vitest';

import { dailyScreens, STOCK_SCREEN } from '../../scripts/bench/dailyScreens';
import type { BenchSandbox } from '../../scripts/bench/benchSandbox';
import { codeBytesOf, type HeapSnapshot } from '../../scripts/bench/screens';
import { drawPicture, type PictureContent } from '../../src/firstData/picture';

const sandbox = {
  origin: 'http://portal.test',
  session: { token: 't', user: {} },
  servers: [{ id: 7, name: 'bench-web-01' }],
  volumes: ['bench-data-01'],
  stop: async () => undefined,
} as BenchSandbox;

const screens = dailyScreens(sandbox, 'http://stock.test');
// A page of its own, as the bench's browser has one (the bench's modules load in Node).
let page: JSDOM;
beforeEach(() => {
  page = new JSDOM('<!doctype html><body></body>', { runScripts: 'outside-only' });
});
const condition = (name: string) => {
  const screen = screens.find((one) => one.name.startsWith(name));
  if (!screen) throw new Error(`no bench screen ${name}`);
  return () => page.window.eval(`(${screen.dataShown})()`) as boolean;
};
const show = (content: PictureContent) =>
  page.window.document.body.append(drawPicture(page.window.document, content));

describe("the bench's daily screens", () => {
  it('are the stock list and the four daily screens, each as read first and as the portal draws it', () => {
    expect(screens.map((screen) => screen.name)).toEqual([
      STOCK_SCREEN,
      'dashboard (spending chart drawn)',
      "dashboard, the portal's chart",
      'server list (/cloud-server)',
      "server list, the portal's rows",
      'balance history (/billing/history)',
      "balance history, the portal's rows",
      "a server's page (bench-web-01)",
      "a server's page, the portal's heading",
    ]);
    for (const screen of screens) expect(condition(screen.name)()).toBe(false);
  });

  it("see the pictures' rows, bars and heading", () => {
    show({
      title: 'bench-web-01',
      table: { headers: [{ text: 'Tên' }], rows: [[{ text: 'bench-web-01' }]] },
      bars: Array.from({ length: 12 }, (_, month) => ({ share: month / 11, label: `${month}` })),
    });
    expect(condition('server list (')()).toBe(true);
    expect(condition('balance history (')()).toBe(true);
    expect(condition('dashboard (')()).toBe(true);
    expect(condition("a server's page (")()).toBe(true);
    // The portal's own figures wait for the portal.
    expect(condition("server list, the portal's rows")()).toBe(false);
    expect(condition("dashboard, the portal's chart")()).toBe(false);
    expect(condition("a server's page, the portal's heading")()).toBe(false);
  });

  it("count a DataTable's rows with data, not its header row", () => {
    const { body } = page.window.document;
    body.innerHTML =
      '<table><thead><tr class="RaDataTable-row RaDataTable-headerRow"><th>Tên</th></tr></thead></table>';
    expect(condition("server list, the portal's rows")()).toBe(false);
    body.innerHTML +=
      '<table><tbody><tr class="RaDataTable-row"><td>bench-web-01</td></tr></tbody></table>';
    expect(condition("server list, the portal's rows")()).toBe(true);
  });
});

describe("the heap rounds' compiled code", () => {
  it('sums the code nodes of a heap snapshot and nothing else', () => {
    const snapshot: HeapSnapshot = {
      snapshot: {
        meta: {
          node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'],
          node_types: [['hidden', 'object', 'code', 'string']],
        },
      },
      // (type, name, id, self_size, edge_count) per node: an object, two code nodes, a string.
      nodes: [1, 0, 1, 500, 0, 2, 0, 2, 300, 0, 2, 0, 3, 40, 1, 3, 0, 4, 7, 0],
    };
    expect(codeBytesOf(snapshot)).toBe(340);
  });
});
