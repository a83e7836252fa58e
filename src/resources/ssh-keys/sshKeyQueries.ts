/**
 * Every cached read of the account's keys starts with the resource name: react-admin's list
 * (['ssh-keys', 'getList', …]) and the create-server form's key picker (QUERY_KEYS.sshKeys).
 * Invalidating this root after a key is added or deleted refreshes both without a reload.
 */
import { QUERY_KEYS } from '../../dataProvider/queryKeys';

export const SSH_KEYS_QUERY_ROOT = [QUERY_KEYS.sshKeys[0]];
