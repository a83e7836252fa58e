/**
 * A server's page's picture (picture.ts): the server's name as its heading, then the overview
 * tab's facts as ServerDetailPage.tsx writes them: state (with its progress while it changes),
 * addresses, configuration, system and creation date.
 */
import type { components } from '../api/schema';
import { message, vietnamDate, type MessageTree, type PictureContent } from './picture';
import { serverConfigText } from './serverListPreview';

type Server = components['schemas']['Server'];

/** As serverConstants.ts showsProgress: the states whose progress the page writes beside them. */
const WITH_PROGRESS: readonly Server['status'][] = [
  'building',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
];

export function showsPictureProgress(server: Pick<Server, 'status' | 'progress'>): boolean {
  return WITH_PROGRESS.includes(server.status) && server.progress < 100;
}

export function serverPageContent(server: Server, messages: MessageTree): PictureContent {
  const field = (name: string) => message(messages, `resources.cloud-server.fields.${name}`);
  const status = message(messages, `servers.status.${server.status}`) || server.status;
  return {
    title: server.name,
    figures: [
      {
        label: field('status'),
        value: showsPictureProgress(server) ? `${status} (${server.progress}%)` : status,
      },
      { label: field('ipv4'), value: server.ipv4.join(', ') || '—' },
      { label: field('ipv6'), value: server.ipv6.join(', ') || '—' },
      { label: field('plan'), value: serverConfigText(server, messages) },
      { label: field('os'), value: server.image.name },
      { label: field('created'), value: vietnamDate(server.created) },
    ],
  };
}
