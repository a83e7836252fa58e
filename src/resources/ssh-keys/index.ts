/** SSH keys: the account's keys and the form that adds (or generates) one. */
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';

export const sshKeys: ResourceDeclaration = {
  name: 'ssh-keys',
  apiPath: '/cloud/ssh_keys',
  labelKey: 'app.section.ssh-keys',
  recordRepresentation: 'name',
  list: lazy(() => import('./SshKeyList')),
  create: lazy(() => import('./SshKeyCreatePage')),
  menu: { labelKey: 'app.section.ssh-keys', icon: VpnKeyIcon, group: 'main', order: 60 },
  createMenuKey: 'shell.header.create_ssh_key',
};
