// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { pickMessages, FIRST_DATA_MESSAGE_AREAS } from '../i18n/messageSlices';
import { en } from '../i18n/en';
import { vi as vietnamese } from '../i18n/vi';
import { drawPicture, type PictureContent } from './picture';
import { FIRST_DATA_ROW_CLASS } from './pictureMarks';
import { serverListContent } from './serverListPreview';

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

const draw = (content: PictureContent | undefined) => {
  if (!content) throw new Error('no picture');
  return drawPicture(document, content);
};
const rowsOf = (picture: HTMLElement) =>
  [...picture.querySelectorAll(`.${FIRST_DATA_ROW_CLASS}`)].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe("the server list's first-data picture", () => {
  it('writes each server as the list does, in Vietnamese', () => {
    const picture = draw(
      serverListContent(
        { items: [server({}), server({ id: 8, name: 'db-01', status: 'shutoff', ipv4: [] })] },
        pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS),
      ),
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
    // A phone shows the list's first two columns only, as HIDDEN_ON_PHONE does.
    expect(
      [...picture.querySelectorAll('th')].map((cell) => cell.classList.contains('fd-wide')),
    ).toEqual([false, false, true, true, true]);
  });

  it('writes in English when the customer chose it', () => {
    const picture = draw(
      serverListContent(
        { items: [server({ status: 'building' })] },
        pickMessages(en, FIRST_DATA_MESSAGE_AREAS),
      ),
    );
    expect(rowsOf(picture)[0]?.[1]).toBe(en.servers.status.building);
    expect(picture.querySelector('th')?.textContent).toBe(en.resources['cloud-server'].fields.name);
  });

  it('draws nothing for an empty list: the portal says so better', () => {
    expect(
      serverListContent({ items: [] }, pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS)),
    ).toBeUndefined();
  });
});
