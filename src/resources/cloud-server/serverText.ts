/** How a server's configuration and addresses read on the list and the detail page. */
import type { Server } from '../../dataProvider/dataProvider';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2 CPU · 4 GB RAM · 40 GB SSD" */
export function configText(
  server: Pick<Server, 'cpu' | 'ram' | 'disk' | 'disk_type'>,
  translate: Translate,
): string {
  return translate('servers.config', {
    cpu: server.cpu,
    ram: server.ram,
    disk: server.disk,
    type: server.disk_type,
  });
}

export function addressesOf(server: Pick<Server, 'ipv4' | 'ipv6'>): string[] {
  return [...server.ipv4, ...server.ipv6];
}
