/** The `keys` area: the account's SSH keys. */
import type { SandboxArea } from '../platform/area';
import { keyHandlers } from './keyHandlers';

export const keysArea: SandboxArea = {
  name: 'keys',
  handlers: keyHandlers,
};
