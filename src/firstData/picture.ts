/**
 * A daily screen drawn as plain HTML from its early answers, before the portal's code has arrived
 * (issue 21): on a phone on a mobile network the customer reads their data in about a second
 * instead of four or five. Each pictured screen has a renderer beside this file that turns its
 * answers into a `PictureContent` (a title, figures, a table, bars); this file draws it and takes
 * it away.
 *
 * It is a picture, not the screen: hidden from assistive technology (which waits for the real
 * screen, as before), letting every tap and click through to the portal beneath, and gone the
 * moment the portal's screen has settled (data, empty or failed: SCREEN_READY_EVENT), the
 * customer presses a key or touches the page, or the early answers have aged out. Its texts are
 * the screen's own (the `first_data` slice of vi.ts / en.ts, formats held equal to the portal's
 * by tests), which tests/e2e/firstData.spec.ts compares with the portal's.
 *
 * It is part of the first-data script: like earlyCalls.ts, it imports no module of the portal.
 */
import type { components } from '../api/schema';
import { EARLY_ANSWER_TTL_MS, SCREEN_READY_EVENT } from './earlyCalls';
import { FIRST_DATA_ID, FIRST_DATA_ROW_CLASS } from './pictureMarks';

export type SignedInUser = components['schemas']['UserInfo'];
export type MessageTree = { [key: string]: string | MessageTree };

/** As phoneLayout.css: the columns HIDDEN_ON_PHONE are not drawn up to this width. */
const PHONE_MAX_WIDTH_PX = 767;
/** MUI's `md`: from here react-admin's sidebar is open beside the page. */
const SIDEBAR_FROM_PX = 900;
const SIDEBAR_WIDTH_PX = 220;
/** The tallest bar of a picture's chart. */
const BAR_AREA_PX = 160;

/** The message at `key` ('' when the slice lacks it: the caller falls back). */
export function message(messages: MessageTree, key: string): string {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : '';
}

/** Polyglot's `%{name}` interpolation, as react-admin's translate does it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** As domain/vietnamTime.ts: Vietnam reads UTC+7 all year (no daylight saving). */
const VIETNAM_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The instant's Vietnam wall clock as DD, MM, YYYY, HH, mm. */
function vietnamClock(value: string): [string, string, string, string, string] {
  const clock = new Date(Date.parse(value) + VIETNAM_UTC_OFFSET_MS);
  const two = (number: number) => String(number).padStart(2, '0');
  return [
    two(clock.getUTCDate()),
    two(clock.getUTCMonth() + 1),
    String(clock.getUTCFullYear()),
    two(clock.getUTCHours()),
    two(clock.getUTCMinutes()),
  ];
}

/** As domain/dates.ts formatDate: DD-MM-YYYY in Vietnam's time. */
export function vietnamDate(value: string): string {
  const [day, month, year] = vietnamClock(value);
  return `${day}-${month}-${year}`;
}

/** As domain/dates.ts formatDateTime: DD-MM-YYYY HH:mm in Vietnam's time. */
export function vietnamDateTime(value: string): string {
  const [day, month, year, hour, minute] = vietnamClock(value);
  return `${day}-${month}-${year} ${hour}:${minute}`;
}

/** As domain/money.ts formatVnd: whole dong, thousands grouped by dots. */
export function vnd(amount: number): string {
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${digits} ₫`;
}

/** A table cell: its text, and a class (`fd-wide` hides it on a phone, as HIDDEN_ON_PHONE). */
export interface PictureCell {
  text: string;
  className?: string;
}

export interface PictureContent {
  title: string;
  /** Labelled figures under the title (a balance, a total). */
  figures?: { label: string; value: string }[];
  /** A row of tab names, the current one marked. */
  tabs?: { labels: string[]; current: number };
  table?: { headers: PictureCell[]; rows: PictureCell[][] };
  /** A bar chart: each bar's height as a share of the tallest (0…1), with its label. */
  bars?: { share: number; label: string }[];
}

export const WIDE = 'fd-wide';

const STYLE = `
#${FIRST_DATA_ID}{position:fixed;inset:0;z-index:1500;overflow:hidden;pointer-events:none;
  background:#fafafa;color:rgba(0,0,0,.87);font:400 14px/1.43 Roboto,Helvetica,Arial,sans-serif}
#${FIRST_DATA_ID} .fd-appbar{height:48px;background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}
#${FIRST_DATA_ID} .fd-page{padding:8px}
@media (min-width:${SIDEBAR_FROM_PX}px){#${FIRST_DATA_ID} .fd-page{margin-left:${SIDEBAR_WIDTH_PX}px}}
#${FIRST_DATA_ID} .fd-title{margin:8px 0 16px;font-size:1.5rem;font-weight:400;line-height:1.334}
#${FIRST_DATA_ID} .fd-figures{display:flex;flex-wrap:wrap;gap:16px 32px;background:#fff;padding:16px;margin-bottom:16px;
  border:1px solid rgba(0,0,0,.12);border-radius:4px}
#${FIRST_DATA_ID} .fd-label{color:rgba(0,0,0,.6)}
#${FIRST_DATA_ID} .fd-value{font-size:1.25rem;font-weight:500;white-space:nowrap}
#${FIRST_DATA_ID} .fd-tabs{display:flex;background:#fff;border-bottom:1px solid rgba(0,0,0,.12);
  overflow:hidden;white-space:nowrap}
#${FIRST_DATA_ID} .fd-tab{padding:12px 16px;font-weight:500;text-transform:uppercase;color:rgba(0,0,0,.6)}
#${FIRST_DATA_ID} .fd-current{color:#1976d2;border-bottom:2px solid #1976d2}
#${FIRST_DATA_ID} table{width:100%;border-collapse:collapse;background:#fff}
#${FIRST_DATA_ID} th,#${FIRST_DATA_ID} td{padding:6px 16px;text-align:left;
  border-bottom:1px solid rgba(224,224,224,1);vertical-align:top;overflow-wrap:anywhere}
#${FIRST_DATA_ID} th{font-weight:500}
#${FIRST_DATA_ID} .fd-link{font-weight:600;color:#1976d2}
#${FIRST_DATA_ID} .fd-nowrap{white-space:nowrap}
#${FIRST_DATA_ID} .fd-credit{font-weight:600;color:#2e7d32;white-space:nowrap}
#${FIRST_DATA_ID} .fd-debit{font-weight:600;color:#d32f2f;white-space:nowrap}
#${FIRST_DATA_ID} .fd-bars{display:flex;align-items:flex-end;gap:4px;background:#fff;padding:16px}
#${FIRST_DATA_ID} .fd-bars div{flex:1;min-width:0;overflow:hidden;font-size:.75rem;text-align:center;
  color:rgba(0,0,0,.6)}
#${FIRST_DATA_ID} .fd-bars i{display:block;background:#1976d2;min-height:1px;margin-bottom:4px}
@media (max-width:${PHONE_MAX_WIDTH_PX}px){#${FIRST_DATA_ID} .${WIDE}{display:none}}
`;

/** The picture, not yet in the page: the app bar's place, the screen's title and its content. */
export function drawPicture(doc: Document, content: PictureContent): HTMLElement {
  const element = (tag: string, className?: string, text?: string) => {
    const made = doc.createElement(tag);
    if (className) made.className = className;
    // Text, never HTML: names and descriptions are the customer's own text.
    if (text !== undefined) made.textContent = text;
    return made;
  };
  const cell = (tag: 'th' | 'td', { text, className }: PictureCell) =>
    element(tag, className, text);

  const picture = element('div');
  picture.id = FIRST_DATA_ID;
  picture.setAttribute('aria-hidden', 'true');
  const page = element('div', 'fd-page');
  page.append(element('div', 'fd-title', content.title));
  if (content.figures) {
    const figures = element('div', 'fd-figures');
    for (const { label, value } of content.figures) {
      const figure = element('div');
      figure.append(element('div', 'fd-label', label), element('div', 'fd-value', value));
      figures.append(figure);
    }
    page.append(figures);
  }
  if (content.tabs) {
    const tabs = element('div', 'fd-tabs');
    content.tabs.labels.forEach((label, index) =>
      tabs.append(
        element('div', index === content.tabs?.current ? 'fd-tab fd-current' : 'fd-tab', label),
      ),
    );
    page.append(tabs);
  }
  if (content.table) {
    const table = element('table');
    const head = element('thead');
    const headRow = element('tr');
    headRow.append(...content.table.headers.map((header) => cell('th', header)));
    head.append(headRow);
    const body = element('tbody');
    for (const cells of content.table.rows) {
      const row = element('tr', FIRST_DATA_ROW_CLASS);
      row.append(...cells.map((one) => cell('td', one)));
      body.append(row);
    }
    table.append(head, body);
    page.append(table);
  }
  if (content.bars) {
    const bars = element('div', 'fd-bars');
    for (const { share, label } of content.bars) {
      const bar = element('div');
      const height = element('i');
      height.style.height = `${Math.round(Math.max(0, Math.min(1, share)) * BAR_AREA_PX)}px`;
      bar.append(height, element('span', undefined, label));
      bars.append(bar);
    }
    page.append(bars);
  }
  // The app bar's place, without words: the title is written once (a page's text is read once).
  picture.append(element('style', undefined, STYLE), element('div', 'fd-appbar'), page);
  return picture;
}

/**
 * Shows the picture `draw` makes of the signed-in user and the screen's answer, once both have
 * answered well, unless the portal has shown its screen first (`portalShown`) or `draw` has
 * nothing to show (an empty list: the portal's empty state says it better). Takes it away as the
 * top of this file says.
 */
export async function showPicture<Data>(
  session: Promise<Response>,
  data: Promise<Response>,
  draw: (user: SignedInUser, data: Data) => PictureContent | undefined,
  portalShown: () => boolean,
): Promise<void> {
  // Read copies: the portal takes the answers itself (api/client.ts), and a body is read once.
  const read = <Body>(answer: Promise<Response>) =>
    answer.then((response) =>
      response.ok ? (response.clone().json() as Promise<Body>) : undefined,
    );
  const [user, body] = await Promise.all([read<SignedInUser>(session), read<Data>(data)]);
  if (!user || body === undefined || portalShown()) return;
  const content = draw(user, body);
  if (!content) return;

  const picture = drawPicture(document, content);
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
