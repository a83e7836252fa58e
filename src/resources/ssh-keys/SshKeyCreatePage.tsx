/**
 * /ssh-keys/create: a name and a pasted public key, or no key to have a pair generated. The
 * sandbox parses the key and says what is wrong with it (under the field, the text kept); the form
 * only spots a private key pasted by mistake before it leaves the browser. A generated pair's
 * private key is e-mailed once: the page then says where it went and that it cannot be shown
 * again. Either way the key lists (this resource's and the create-server form's) are refreshed.
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  TextInput,
  Title,
  useDataProvider,
  useGetIdentity,
  useTranslate,
  type Validator,
} from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';

import { CreateForm } from '../../components/CreateForm';
import { usePageTitle } from '../../components/usePageTitle';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider, SshKey } from '../../dataProvider/dataProvider';
import { precheckSshPublicKey } from '../../domain/sshKeys';
import { validateSshKeyName } from '../../domain/recordValidation';
import { SSH_KEYS_QUERY_ROOT } from './sshKeyQueries';

type SshKeyFormValues = {
  name?: string;
  public_key?: string;
};

export default function SshKeyCreatePage() {
  const translate = useTranslate();
  const title = translate('ssh_keys.create.title');
  usePageTitle(title);
  const [generated, setGenerated] = useState<SshKey>();

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 760 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {generated ? (
        <GeneratedNotice sshKey={generated} />
      ) : (
        <SshKeyForm onGenerated={setGenerated} />
      )}
    </Box>
  );
}

function SshKeyForm({ onGenerated }: { onGenerated: (key: SshKey) => void }) {
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <CreateForm<SshKey, SshKeyFormValues>
      resource="ssh-keys"
      defaultValues={{ name: '', public_key: '' }}
      toBody={(values) => {
        const publicKey = values.public_key?.trim();
        return { name: values.name ?? '', ...(publicKey && { public_key: publicKey }) };
      }}
      onCreated={(key) => {
        if (key.generated) {
          onGenerated(key);
        } else {
          notify.success('ssh_keys.create.created', { name: key.name });
          navigate('/ssh-keys');
        }
      }}
      alsoRefresh={[SSH_KEYS_QUERY_ROOT]}
      findMade={async (values, since) => {
        const name = (values.name ?? '').trim().toLowerCase();
        const keys = await dataProvider.listSshKeys();
        return keys.find(
          (key) => key.name.toLowerCase() === name && Date.parse(key.created) >= since.getTime(),
        );
      }}
      submitKey="ssh_keys.create.submit"
      submitIcon={<AddIcon />}
      cancelTo="/ssh-keys"
    >
      <TextInput
        source="name"
        label="resources.ssh-keys.fields.name"
        helperText="ssh_keys.create.name_help"
        validate={validateName}
        autoComplete="off"
        fullWidth
      />
      <TextInput
        source="public_key"
        label="resources.ssh-keys.fields.public_key"
        helperText="ssh_keys.create.public_key_help"
        validate={validatePublicKey}
        multiline
        minRows={4}
        autoComplete="off"
        spellCheck={false}
        slotProps={{ htmlInput: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
        fullWidth
      />
    </CreateForm>
  );
}

/** Where the generated private key went, and that this page cannot show it (it was never kept). */
function GeneratedNotice({ sshKey }: { sshKey: SshKey }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : '';
  // On a card, as the form was: the page's grey background is too dark for primary-coloured text.
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            <AlertTitle>
              {translate('ssh_keys.create.generated_title', { name: sshKey.name })}
            </AlertTitle>
            <Typography sx={{ mb: 1 }}>
              {translate('ssh_keys.create.generated_mailed', { email })}
            </Typography>
            <Typography sx={{ mb: 1 }}>
              {translate('ssh_keys.create.generated_once', { name: sshKey.name })}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {translate('ssh_keys.create.generated_fingerprint', {
                fingerprint: sshKey.fingerprint,
              })}
            </Typography>
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={Link} to="/ssh-keys" variant="contained">
              {translate('ssh_keys.create.back_to_list')}
            </Button>
            <Button component={Link} to="/cloud-server/create">
              {translate('ssh_keys.create.create_server')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

const validateName: Validator = (value) => validateSshKeyName(value);
const validatePublicKey: Validator = (value) => precheckSshPublicKey(value);
