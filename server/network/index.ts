/** The `network` area: a server's IP addresses. */
import type { SandboxArea } from '../platform/area';
import { networkHandlers } from './networkHandlers';

export const networkArea: SandboxArea = {
  name: 'network',
  handlers: networkHandlers,
};
