/**
 * /ssh-keys: the account's SSH keys with their type, fingerprint (as `ssh-keygen -l` prints it)
 * and creation date, a search by name, and a delete that asks for the key's name. Loading, empty
 * and failed are distinct (PortalList). Deleting is blocked, with the reasons shown above the
 * list, while the account's actions are blocked.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { PortalList } from '../../components/PortalList';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import type { SshKey } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { DeleteSshKeyButton } from './DeleteSshKeyButton';
import { keyTypeText } from './sshKeyText';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { ListSearchInput } from '../../components/ListSearchInput';

const KeyColumn = DataTable.Col<SshKey>;

/** The contract lists keys newest first and has no sort parameter: ask for no sort. */
const NO_SORT = { field: '', order: 'DESC' as const };

export default function SshKeyList() {
  const translate = useTranslate();
  const permission = useActionPermission();
  const title = translate('ssh_keys.list.title');
  usePageTitle(title);

  return (
    <>
      <Box sx={{ mt: 2 }}>
        <ActionBlockedAlert permission={permission} />
      </Box>
      <PortalList
        title={title}
        filters={[<ListSearchInput key="search" source="search" alwaysOn />]}
        actions={<SshKeyListActions />}
        empty={<SshKeyListEmpty />}
        sort={NO_SORT}
      >
        <DataTable<SshKey> rowClick={false} bulkActionButtons={false}>
          <KeyColumn
            source="name"
            label="resources.ssh-keys.fields.name"
            disableSort
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
              <Typography
                component="code"
                variant="body2"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              >
                {key.fingerprint}
              </Typography>
            )}
          />
          <KeyColumn
            source="created"
            className={HIDDEN_ON_PHONE}
            label="resources.ssh-keys.fields.created"
            disableSort
            render={(key) => formatDate(key.created)}
          />
          <KeyColumn
            label="ssh_keys.list.actions"
            disableSort
            render={() => <DeleteSshKeyButton disabled={!permission.allowed} />}
          />
        </DataTable>
      </PortalList>
    </>
  );
}

function SshKeyListActions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button component={Link} to="/ssh-keys/create" variant="contained" startIcon={<AddIcon />}>
        {translate('ssh_keys.list.create')}
      </Button>
    </TopToolbar>
  );
}

function SshKeyListEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('ssh_keys.list.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('ssh_keys.list.empty_text')}
      </Typography>
      <Button component={Link} to="/ssh-keys/create" variant="contained" startIcon={<AddIcon />}>
        {translate('ssh_keys.list.create')}
      </Button>
    </Box>
  );
}
