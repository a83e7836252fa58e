/** The `network` area: a server's IP addresses and their reverse DNS names. */
import type { SandboxArea } from '../platform/area';
import { networkHandlers } from './networkHandlers';
import { reverseDnsMigrations } from './reverseDns';
import { reverseDnsHandlers } from './reverseDnsHandlers';

export const networkArea: SandboxArea = {
  name: 'network',
  handlers: { ...networkHandlers, ...reverseDnsHandlers },
  migrations: reverseDnsMigrations,
};
