// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { formatDate } from '../domain/dates';
import { en } from '../i18n/en';
import { createI18nProvider } from '../i18n/i18nProvider';
import { FIRST_DATA_MESSAGE_AREAS, pickMessages } from '../i18n/messageSlices';
import { vi as vietnamese } from '../i18n/vi';
import { showsProgress } from '../resources/cloud-server/serverConstants';
import { configText } from '../resources/cloud-server/serverText';
import { serverPageContent, showsPictureProgress } from './serverPagePreview';

type Server = components['schemas']['Server'];
// Every state the portal has words for (transitions such as a reboot asked for included).
const STATUSES = Object.keys(vietnamese.servers.status) as Server['status'][];

const server = {
  id: 7,
  name: 'web-01',
  status: 'building',
  progress: 40,
  ipv4: ['103.1.2.3', '103.1.2.4'],
  ipv6: [],
  cpu: 2,
  ram: 4,
  disk: 40,
  disk_type: 'SSD',
  image: { name: 'Ubuntu 24.04' },
  created: '2026-11-20T17:30:00Z',
} as unknown as Server;

describe("a server's page's first-data picture", () => {
  it.each([
    ['vi', vietnamese],
    ['en', en],
  ] as const)('writes the overview as the page does (%s)', (locale, messages) => {
    const { translate } = createI18nProvider(locale, messages, async () => undefined);
    const field = (name: string) => translate(`resources.cloud-server.fields.${name}`);
    const content = serverPageContent(server, pickMessages(messages, FIRST_DATA_MESSAGE_AREAS));
    expect(content.title).toBe('web-01');
    expect(content.figures).toEqual([
      { label: field('status'), value: `${translate('servers.status.building')} (40%)` },
      { label: field('ipv4'), value: '103.1.2.3, 103.1.2.4' },
      { label: field('ipv6'), value: '—' },
      { label: field('plan'), value: configText(server, translate) },
      { label: field('os'), value: 'Ubuntu 24.04' },
      { label: field('created'), value: formatDate(server.created) },
    ]);
  });

  it.each(STATUSES)('writes the progress beside "%s" when the page does', (status) => {
    for (const progress of [0, 40, 100]) {
      expect(showsPictureProgress({ status, progress })).toBe(showsProgress({ status, progress }));
    }
  });
});
