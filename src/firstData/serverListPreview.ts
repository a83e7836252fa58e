/**
 * The server list's picture (picture.ts): the app bar, the list's title, its header and the
 * first page's rows as the list writes them (ServerList.tsx, ServerRowParts.tsx).
 */
import type { components } from '../api/schema';
import {
  fill,
  message,
  vietnamDate,
  WIDE,
  type MessageTree,
  type PictureCell,
  type PictureContent,
} from './picture';

type Server = components['schemas']['Server'];
export type ServerPage = { items: Server[] };

/** As ServerRowParts.tsx: the list shows two addresses, the rest behind "more". */
const ADDRESSES_SHOWN = 2;

const HEADERS = ['name', 'status', 'ips', 'plan', 'created'];

/** As serverText.ts configText: "2 CPU · 4 GB RAM · 40 GB SSD". */
export function serverConfigText(server: Server, messages: MessageTree): string {
  return fill(message(messages, 'servers.config'), {
    cpu: server.cpu,
    ram: server.ram,
    disk: server.disk,
    type: server.disk_type,
  });
}

/** The texts of one row, in the list's column order; a phone leaves out the last three. */
export function serverRowTexts(server: Server, messages: MessageTree): string[] {
  const addresses = [...server.ipv4, ...server.ipv6].slice(0, ADDRESSES_SHOWN);
  return [
    server.name,
    message(messages, `servers.status.${server.status}`) || server.status,
    addresses.length > 0 ? addresses.join(' ') : '—',
    serverConfigText(server, messages),
    vietnamDate(server.created),
  ];
}

const columnClass = (column: number) => (column === 0 ? 'fd-link' : column >= 2 ? WIDE : undefined);

/** The picture of the list's first page; none for an empty one (the portal says it better). */
export function serverListContent(
  page: ServerPage,
  messages: MessageTree,
): PictureContent | undefined {
  if (page.items.length === 0) return undefined;
  const cells = (texts: string[]): PictureCell[] =>
    texts.map((text, column) => ({ text, className: columnClass(column) }));
  return {
    title: message(messages, 'servers.list.title'),
    table: {
      headers: HEADERS.map((field, column) => ({
        text: message(messages, `resources.cloud-server.fields.${field}`),
        className: column >= 2 ? WIDE : undefined,
      })),
      rows: page.items.map((server) => cells(serverRowTexts(server, messages))),
    },
  };
}
