/** The ssh-keys resource: the account's SSH keys and the form that adds (or generates) one. */
import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';

export const sshKeys = {
  name: 'ssh-keys',
  list: lazy(() => import('./SshKeyList')),
  create: lazy(() => import('./SshKeyCreatePage')),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
