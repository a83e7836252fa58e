/**
 * /ssh-keys: the account's SSH keys with their type, fingerprint (as `ssh-keygen -l` prints it,
 * with a copy button) and creation date, a search by name, a filter by key type, sortable by name
 * and creation date (the sort in the address, sent to the API as `sort`/`order`), and a delete
 * that asks for the key's name. Loading, empty
 * and failed are distinct (PortalList). Deleting is blocked, with the reasons shown above the
 * list, while the account's actions are blocked.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, SelectInput, useTranslate } from 'react-admin';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { CopyButton } from '../../components/CopyButton';
import { ResourceList } from '../../components/ResourceList';
import { useActionPermission } from '../../components/useActionPermission';
import type { SshKey } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { DeleteSshKeyButton } from './DeleteSshKeyButton';
import { keyTypeText } from './sshKeyText';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const KeyColumn = DataTable.Col<SshKey>;

const KEY_TYPES: readonly SshKey['type'][] = ['ED25519', 'ECDSA', 'RSA'];

export default function SshKeyList() {
  const translate = useTranslate();
  const permission = useActionPermission();
  const filters = [
    <SelectInput
      key="type"
      source="type"
      label="lists.filter_type"
      choices={KEY_TYPES.map((type) => ({ id: type, name: type }))}
      translateChoice={false}
      alwaysOn
    />,
  ];

  return (
    <>
      <ResourceList
        messages="ssh_keys.list"
        createTo="/ssh-keys/create"
        filters={filters}
        notices={
          <Box sx={{ mt: 1 }}>
            <ActionBlockedAlert permission={permission} />
          </Box>
        }
      >
        <DataTable<SshKey> rowClick={false} bulkActionButtons={false}>
          <KeyColumn
            source="name"
            label="resources.ssh-keys.fields.name"
            sortByOrder="ASC"
            render={(key) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="span" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                  {key.name}
                </Typography>
                {key.generated ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate('ssh_keys.list.generated')}
                  />
                ) : null}
              </Stack>
            )}
          />
          <KeyColumn
            source="type"
            className={HIDDEN_ON_PHONE}
            label="resources.ssh-keys.fields.type"
            disableSort
            render={(key) => keyTypeText(key, translate)}
          />
          <KeyColumn
            source="fingerprint"
            className={HIDDEN_ON_PHONE}
            label="resources.ssh-keys.fields.fingerprint"
            disableSort
            render={(key) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Typography
                  component="code"
                  variant="body2"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {key.fingerprint}
                </Typography>
                <CopyButton
                  value={key.fingerprint}
                  what={translate('lists.fingerprint_of', { name: key.name })}
                />
              </Stack>
            )}
          />
          <KeyColumn
            source="created"
            className={HIDDEN_ON_PHONE}
            label="resources.ssh-keys.fields.created"
            sortByOrder="DESC"
            render={(key) => formatDate(key.created)}
          />
          <KeyColumn
            label="ssh_keys.list.actions"
            disableSort
            render={() => <DeleteSshKeyButton disabled={!permission.allowed} />}
          />
        </DataTable>
      </ResourceList>
    </>
  );
}
