/**
 * The server list's first rows drawn as plain HTML from the early answer, before the portal's
 * code has arrived (issue 21): on a phone on a mobile network the customer reads their servers'
 * names and states in about a second instead of four or five.
 *
 * It is a picture, not the screen: hidden from assistive technology (which waits for the real
 * list, as before), letting every tap and click through to the portal beneath, and gone the
 * moment the portal's list has settled (rows, empty or failed: SCREEN_READY_EVENT), the
 * customer presses a key or touches the page, or the early answer has aged out. Its texts are the list's
 * own (the `first_data` slice of vi.ts / en.ts, the list's formats), which
 * tests/e2e/firstData.spec.ts compares row by row with the portal's.
 *
 * It is part of the first-data script: like earlyCalls.ts, it imports no module of the portal.
 */
import type { components } from '../api/schema';
import { EARLY_ANSWER_TTL_MS, SCREEN_READY_EVENT } from './earlyCalls';

type Server = components['schemas']['Server'];
type MessageTree = { [key: string]: string | MessageTree };

export const FIRST_DATA_ID = 'first-data';
export const FIRST_DATA_ROW_CLASS = 'first-data-row';

/** As ServerRowParts.tsx: the list shows two addresses, the rest behind "more". */
const ADDRESSES_SHOWN = 2;
/** As phoneLayout.css: the columns HIDDEN_ON_PHONE are not drawn up to this width. */
const PHONE_MAX_WIDTH_PX = 767;
/** MUI's `md`: from here react-admin's sidebar is open beside the page. */
const SIDEBAR_FROM_PX = 900;
const SIDEBAR_WIDTH_PX = 220;

function message(messages: MessageTree, key: string): string {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : '';
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** As domain/dates.ts formatDate: DD-MM-YYYY in Vietnam's time. */
export function vietnamDate(value: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** The texts of one row, in the list's column order; a phone leaves out the last three. */
export function serverRowTexts(server: Server, messages: MessageTree): string[] {
  const addresses = [...server.ipv4, ...server.ipv6].slice(0, ADDRESSES_SHOWN);
  return [
    server.name,
    message(messages, `servers.status.${server.status}`) || server.status,
    addresses.length > 0 ? addresses.join(' ') : '—',
    fill(message(messages, 'servers.config'), {
      cpu: server.cpu,
      ram: server.ram,
      disk: server.disk,
      type: server.disk_type,
    }),
    vietnamDate(server.created),
  ];
}

const HEADERS = ['name', 'status', 'ips', 'plan', 'created'];

const STYLE = `
#${FIRST_DATA_ID}{position:fixed;inset:0;z-index:1500;overflow:hidden;pointer-events:none;
  background:#fafafa;color:rgba(0,0,0,.87);font:400 14px/1.43 Roboto,Helvetica,Arial,sans-serif}
#${FIRST_DATA_ID} .fd-bar{height:48px;background:#fff;border-bottom:1px solid rgba(0,0,0,.12);
  padding:0 16px;display:flex;align-items:center;font-weight:500;font-size:1rem}
#${FIRST_DATA_ID} .fd-page{padding:8px}
@media (min-width:${SIDEBAR_FROM_PX}px){#${FIRST_DATA_ID} .fd-page{margin-left:${SIDEBAR_WIDTH_PX}px}}
#${FIRST_DATA_ID} .fd-title{margin:8px 0 16px;font-size:1.5rem;font-weight:400;line-height:1.334}
#${FIRST_DATA_ID} table{width:100%;border-collapse:collapse;background:#fff}
#${FIRST_DATA_ID} th,#${FIRST_DATA_ID} td{padding:6px 16px;text-align:left;
  border-bottom:1px solid rgba(224,224,224,1);vertical-align:top;overflow-wrap:anywhere}
#${FIRST_DATA_ID} th{font-weight:500}
#${FIRST_DATA_ID} td:first-child{font-weight:600;color:#1976d2}
@media (max-width:${PHONE_MAX_WIDTH_PX}px){#${FIRST_DATA_ID} .fd-wide{display:none}}
`;

/** The picture, not yet in the page: an app bar, the list's title, its header and rows. */
export function serverListPicture(
  doc: Document,
  servers: readonly Server[],
  messages: MessageTree,
): HTMLElement {
  const element = (tag: string, className?: string, text?: string) => {
    const made = doc.createElement(tag);
    if (className) made.className = className;
    // Text, never HTML: a server's name is the customer's own text.
    if (text !== undefined) made.textContent = text;
    return made;
  };
  const title = message(messages, 'servers.list.title');
  const picture = element('div');
  picture.id = FIRST_DATA_ID;
  picture.setAttribute('aria-hidden', 'true');
  const style = element('style', undefined, STYLE);
  const page = element('div', 'fd-page');
  const table = element('table');
  const head = element('tr');
  HEADERS.forEach((field, column) =>
    head.append(
      element(
        'th',
        column >= 2 ? 'fd-wide' : undefined,
        message(messages, `resources.cloud-server.fields.${field}`),
      ),
    ),
  );
  const body = element('tbody');
  for (const server of servers) {
    const row = element('tr', FIRST_DATA_ROW_CLASS);
    serverRowTexts(server, messages).forEach((text, column) =>
      row.append(element('td', column >= 2 ? 'fd-wide' : undefined, text)),
    );
    body.append(row);
  }
  const header = element('thead');
  header.append(head);
  table.append(header, body);
  page.append(element('div', 'fd-title', title), table);
  picture.append(style, element('div', 'fd-bar', title), page);
  return picture;
}

/**
 * Shows the picture once the session check and the list have answered well, unless the portal
 * has shown its list first (`portalShown`); takes it away as the top of this file says.
 */
export async function showServerListPicture(
  session: Promise<Response>,
  list: Promise<Response>,
  messages: MessageTree,
  portalShown: () => boolean,
): Promise<void> {
  // Read a copy: the portal takes the answer itself (api/client.ts), and a body is read once.
  const body = list.then((answer) => (answer.ok ? answer.clone().json() : undefined));
  const [signedIn, page] = await Promise.all([
    session.then((answer) => answer.ok),
    body as Promise<{ items: Server[] } | undefined>,
  ]);
  if (!signedIn || !page || page.items.length === 0 || portalShown()) return;

  const picture = serverListPicture(document, page.items, messages);
  const handOver = ['keydown', 'pointerdown', 'wheel', 'popstate', SCREEN_READY_EVENT];
  const takeAway = () => {
    picture.remove();
    clearTimeout(timer);
    for (const event of handOver) window.removeEventListener(event, takeAway);
  };
  for (const event of handOver) window.addEventListener(event, takeAway);
  const timer = setTimeout(takeAway, EARLY_ANSWER_TTL_MS);
  document.body.append(picture);
}
