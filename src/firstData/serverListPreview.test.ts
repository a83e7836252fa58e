// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { formatDate } from '../domain/dates';
import { pickMessages, FIRST_DATA_MESSAGE_AREAS } from '../i18n/messageSlices';
import { en } from '../i18n/en';
import { vi as vietnamese } from '../i18n/vi';
import { FIRST_DATA_ROW_CLASS, serverListPicture, vietnamDate } from './serverListPreview';

type Server = components['schemas']['Server'];

const server = (overrides: Partial<Server>): Server =>
  ({
    id: 7,
    name: 'web-01',
    status: 'active',
    ipv4: ['103.1.2.3', '103.1.2.4', '103.1.2.5'],
    ipv6: [],
    cpu: 2,
    ram: 4,
    disk: 40,
    disk_type: 'SSD',
    created: '2026-11-20T17:30:00Z',
    ...overrides,
  }) as Server;

const rowsOf = (picture: HTMLElement) =>
  [...picture.querySelectorAll(`.${FIRST_DATA_ROW_CLASS}`)].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe("the server list's first-data picture", () => {
  it('writes each server as the list does, in Vietnamese', () => {
    const picture = serverListPicture(
      document,
      [server({}), server({ id: 8, name: 'db-01', status: 'shutoff', ipv4: [] })],
      pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS),
    );
    expect(rowsOf(picture)).toEqual([
      [
        'web-01',
        'Đang hoạt động',
        '103.1.2.3 103.1.2.4',
        '2 CPU · 4 GB RAM · 40 GB SSD',
        '21-11-2026',
      ],
      ['db-01', 'Đã tắt', '—', '2 CPU · 4 GB RAM · 40 GB SSD', '21-11-2026'],
    ]);
    expect(picture.querySelector('.fd-title')?.textContent).toBe('Cloud VPS');
    expect([...picture.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'Tên máy chủ',
      'Trạng thái',
      'Địa chỉ IP',
      'Cấu hình',
      'Ngày tạo',
    ]);
    // A picture for the eye: assistive technology waits for the portal's list.
    expect(picture.getAttribute('aria-hidden')).toBe('true');
  });

  it('writes in English when the customer chose it', () => {
    const picture = serverListPicture(
      document,
      [server({ status: 'building' })],
      pickMessages(en, FIRST_DATA_MESSAGE_AREAS),
    );
    expect(rowsOf(picture)[0]?.[1]).toBe(en.servers.status.building);
    expect(picture.querySelector('th')?.textContent).toBe(en.resources['cloud-server'].fields.name);
  });

  it("keeps a server's name as text, never as markup", () => {
    const name = '<img src=x onerror="alert(1)">';
    const picture = serverListPicture(
      document,
      [server({ name })],
      pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS),
    );
    expect(picture.querySelector('img')).toBeNull();
    expect(rowsOf(picture)[0]?.[0]).toBe(name);
  });

  it.each(['2026-11-20T16:59:59Z', '2026-11-20T17:00:00Z', '2026-01-01T00:00:00Z'])(
    'dates %s as the portal does, in Vietnam time',
    (instant) => {
      expect(vietnamDate(instant)).toBe(formatDate(instant));
    },
  );
});
