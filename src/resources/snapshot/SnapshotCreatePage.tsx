/**
 * /snapshot/create: copy a data volume or a server's root disk. The source is required ("Snapshot
 * requires a volume"), the name follows the volume and snapshot rule (5–32 letters, digits, - and
 * _), the price is shown live from the `SNAPSHOT SSD`/`SNAPSHOT HDD` product and charged at once;
 * a short balance leads to a top-up. `?volume_id=` or `?server_id=` preselects the source.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import type { components } from '../../api/schema';
import { errorStatus } from '../../api/client';
import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { BusyButton } from '../../components/BusyButton';
import { LoadFailed } from '../../components/LoadFailed';
import { usePageTitle } from '../../components/usePageTitle';
import { useActionPermission } from '../../components/useActionPermission';
import { errorText, usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import {
  decodeSnapshotSource,
  encodeSnapshotSource,
  SNAPSHOT_PRODUCT_NAMES,
  validateSnapshotSource,
} from '../../domain/snapshotRules';
import { validateResourceName } from '../../domain/recordValidation';
import { PriceCard, priceNow, useProductPrice } from './snapshotPricing';

type Volume = components['schemas']['Volume'];

/** Every volume and server in one request each: the select offers them all. */
const ALL = { page: 1, perPage: 9999 };
const NO_SORT = { field: '', order: 'DESC' as const };

interface SourceOption {
  value: string;
  label: string;
  size: number;
  type: 'SSD' | 'HDD';
}

export default function SnapshotCreatePage() {
  const translate = useTranslate();
  const title = translate('snapshots.create.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const permission = useActionPermission();
  const refreshIdentity = useRefreshIdentity();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();

  const volumes = useGetList<Volume>('volume', { pagination: ALL, sort: NO_SORT });
  const servers = useGetList<Server>('cloud-server', { pagination: ALL, sort: NO_SORT });

  const [source, setSource] = useState(() =>
    encodeSnapshotSource({
      volume_id: Number(params.get('volume_id')) || undefined,
      server_id: Number(params.get('server_id')) || undefined,
    }),
  );
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [touchedName, setTouchedName] = useState(false);
  const [shortOfBalance, setShortOfBalance] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();

  const options: SourceOption[] = [
    ...(volumes.data ?? []).map((volume) => ({
      value: encodeSnapshotSource({ volume_id: volume.id }),
      label: translate('snapshots.create.source_volume', {
        name: volume.name,
        size: volume.size,
        type: volume.type,
      }),
      size: volume.size,
      type: volume.type,
    })),
    ...(servers.data ?? []).map((server) => ({
      value: encodeSnapshotSource({ server_id: server.id }),
      label: translate('snapshots.create.source_root', {
        name: server.name,
        size: server.disk,
        type: server.disk_type,
      }),
      size: server.disk,
      type: server.disk_type,
    })),
  ];
  const chosen = options.find((option) => option.value === source);
  const productName = chosen ? SNAPSHOT_PRODUCT_NAMES[chosen.type] : undefined;
  const product = useProductPrice(productName);
  const total = chosen && product.data ? priceNow(product.data, chosen.size).total : undefined;

  const sourceProblem = validateSnapshotSource(chosen ? decodeSnapshotSource(source) : {});
  const nameProblem = validateResourceName(name);

  const create = useMutation({
    mutationFn: () => dataProvider.createSnapshot({ name, ...decodeSnapshotSource(source) }),
    onSuccess: async (charge) => {
      notify.success('snapshots.create.created', { name: charge.snapshot.name });
      await Promise.all([
        refreshIdentity(),
        queryClient.invalidateQueries({ queryKey: ['snapshot'] }),
      ]);
      navigate('/snapshot');
    },
    onError: (error) => {
      setShortOfBalance(errorStatus(error) === 402);
      setServerError(errorText(error));
      notify.error(error, 'snapshots.create.failed');
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (sourceProblem || nameProblem || !permission.allowed || create.isPending) return;
    setServerError(undefined);
    create.mutate();
  };

  const loadingSources = volumes.isPending || servers.isPending;
  const sourcesFailed = volumes.error ?? servers.error;
  const nothingToCopy = !loadingSources && !sourcesFailed && options.length === 0;
  const showNameProblem = (submitted || touchedName) && nameProblem;

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <ActionBlockedAlert permission={permission} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack component="form" spacing={2} onSubmit={submit} noValidate>
                {sourcesFailed ? (
                  <LoadFailed
                    error={sourcesFailed}
                    onRetry={() => Promise.all([volumes.refetch(), servers.refetch()])}
                    retrying={volumes.isFetching || servers.isFetching}
                  />
                ) : loadingSources ? (
                  <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
                ) : nothingToCopy ? (
                  // Nothing to copy yet: the way forward is to make something to copy.
                  <Alert
                    severity="info"
                    action={
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <Button component={Link} to="/cloud-server/create" size="small">
                          {translate('snapshots.create.create_server')}
                        </Button>
                        <Button component={Link} to="/volume/create" size="small">
                          {translate('snapshots.create.create_volume')}
                        </Button>
                      </Stack>
                    }
                  >
                    {translate('snapshots.create.no_sources')}
                  </Alert>
                ) : null}
                <TextField
                  select
                  required
                  label={translate('snapshots.create.source')}
                  value={chosen ? source : ''}
                  onChange={(event) => setSource(event.target.value)}
                  error={submitted && Boolean(sourceProblem)}
                  helperText={
                    submitted && sourceProblem
                      ? translate(sourceProblem)
                      : translate('snapshots.create.source_help')
                  }
                  disabled={loadingSources || options.length === 0}
                  fullWidth
                  // The chosen disk's name is cut with an ellipsis: on one line, a long one
                  // (it is the layout's minimum width) widened the page past a phone's screen.
                  sx={{ '& .MuiSelect-select': { width: 0, flexGrow: 1 } }}
                  // The help still explains the field while it waits: keep it at full contrast.
                  slotProps={{ formHelperText: { disabled: false } }}
                >
                  {options.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  required
                  label={translate('snapshots.create.name')}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  onBlur={() => setTouchedName(true)}
                  error={Boolean(showNameProblem)}
                  helperText={
                    showNameProblem
                      ? translate(nameProblem as string)
                      : translate('snapshots.create.name_help')
                  }
                  autoComplete="off"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
                />
                {serverError && !shortOfBalance ? (
                  <Alert severity="error">{serverError}</Alert>
                ) : null}
                <BusyButton
                  type="submit"
                  variant="contained"
                  busy={create.isPending}
                  disabled={!permission.allowed || product.isFetching || nothingToCopy}
                >
                  {total === undefined
                    ? translate('snapshots.create.submit_plain')
                    : translate('snapshots.create.submit', { amount: formatVnd(total) })}
                </BusyButton>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card
            variant="outlined"
            component="section"
            aria-label={translate('snapshots.create.price_title')}
          >
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('snapshots.create.price_title')}
              </Typography>
              <PriceCard
                productName={productName}
                size={chosen?.size}
                pendingKey="snapshots.create.price_pending"
                failedKey="snapshots.create.price_failed"
                shortOfBalance={shortOfBalance}
              />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
