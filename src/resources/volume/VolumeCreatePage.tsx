/**
 * /volume/create: the create-volume form. A name, a size and a disk type, optionally a server to
 * attach it to (running or stopped; the volume is then created in the server's datacenter,
 * otherwise in the datacenter chosen), and the billing period. The price is worked out on every
 * change from the `DISK SSD` / `DISK HDD` products with the shared `quote()`, so it is what the
 * order charges. Submitting places a pending create_volume order and goes to /order/create to pay
 * it (a short balance is led to a top-up there). On any failure the form keeps what was typed.
 * `?server_id=` preselects a server (the server page's "create a volume attached to it").
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  Title,
  required,
  useDataProvider,
  useGetList,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { BusyButton } from '../../components/BusyButton';
import { IntervalInput } from '../../components/IntervalToggle';
import { PortalForm } from '../../components/PortalForm';
import { useActionPermission } from '../../components/useActionPermission';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import { usePageTitle } from '../../components/usePageTitle';
import { STICKY_BELOW_APP_BAR } from '../../components/phoneLayout';
import type {
  CreateOrderRequest,
  Datacenter,
  PortalDataProvider,
  Server,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { INTERVAL_COUNTS, isIntervalCount, type IntervalCount } from '../../domain/pricing';
import { validateResourceName } from '../../domain/recordValidation';
import { validateVolumeSize, VOLUME_SIZE, type VolumeDiskType } from '../../domain/volumeRules';
import { DISK_TYPES } from './volumeModel';
import { useDiskProducts, VolumePriceSummary } from './VolumePriceSummary';

/** Servers a volume can be attached to, as the sandbox allows (spec: running or stopped). */
const ATTACHABLE = ['active', 'shutoff'];
const ALL_SERVERS = {
  pagination: { page: 1, perPage: 9999 },
  sort: { field: '', order: 'DESC' as const },
};
const DEFAULT_DATACENTER = 'HN';
/** The "do not attach" choice of the server field. */
const NO_SERVER = 0;

export type VolumeFormValues = {
  name: string;
  size: number;
  type: VolumeDiskType;
  server_id: number;
  datacenter: string;
  interval: IntervalCount;
};

export default function VolumeCreatePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const title = translate('volumes.create.title');
  usePageTitle(title);
  const servers = useGetList<Server>('cloud-server', ALL_SERVERS);
  const datacenters = useQuery({
    queryKey: QUERY_KEYS.datacenters,
    queryFn: () => dataProvider.listDatacenters(),
  });

  let content: ReactNode;
  if (servers.isError || datacenters.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (servers.isError) void servers.refetch();
              if (datacenters.isError) void datacenters.refetch();
            }}
          >
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('volumes.create.load_failed')}
      </Alert>
    );
  } else if (servers.isPending || datacenters.isPending) {
    content = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else {
    content = (
      <VolumeCreateForm
        servers={(servers.data ?? []).filter((server) => ATTACHABLE.includes(server.status))}
        datacenters={datacenters.data ?? []}
      />
    );
  }

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {content}
    </Box>
  );
}

function VolumeCreateForm({
  servers,
  datacenters,
}: {
  servers: Server[];
  datacenters: Datacenter[];
}) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const products = useDiskProducts();
  const [search] = useSearchParams();
  const [defaults] = useState<VolumeFormValues>(() => {
    const wanted = Number(search.get('server_id'));
    const server = servers.find((candidate) => candidate.id === wanted);
    return {
      name: '',
      size: VOLUME_SIZE.default,
      type: 'SSD',
      server_id: server?.id ?? NO_SERVER,
      datacenter: server?.datacenter ?? DEFAULT_DATACENTER,
      interval: INTERVAL_COUNTS[0],
    };
  });
  const { submit, submitError, busy } = usePlaceOrder({
    toOrder: (values: VolumeFormValues) => volumeOrder(values, servers),
    isPlaced: (order, _request, values) =>
      order.type === 'create_volume' &&
      order.interval_count === Number(values.interval) &&
      order.new_size === Number(values.size) &&
      order.info.startsWith(`${values.name}:`),
    placedKey: 'volumes.create.ordered',
  });

  const serverChoices = [
    { id: NO_SERVER, name: translate('volumes.create.no_server') },
    ...servers.map((server) => ({
      id: server.id,
      name: `${server.name} (${server.datacenter})`,
    })),
  ];

  return (
    <PortalForm defaultValues={defaults} onSubmit={submit}>
      <ActionBlockedAlert permission={permission} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Section title={translate('volumes.create.section_volume')}>
              <TextInput
                source="name"
                label="resources.volume.fields.name"
                helperText="volumes.create.name_help"
                validate={validateName}
                autoComplete="off"
                fullWidth
              />
              <NumberInput
                source="size"
                label="volumes.create.size"
                min={VOLUME_SIZE.min}
                max={VOLUME_SIZE.max}
                step={10}
                validate={validateSize}
                helperText={translate('volumes.create.size_help', {
                  min: VOLUME_SIZE.min,
                  max: VOLUME_SIZE.max,
                })}
              />
              <RadioButtonGroupInput
                source="type"
                label="resources.volume.fields.type"
                choices={DISK_TYPES.map((type) => ({ id: type, name: type }))}
                translateChoice={false}
                row
              />
            </Section>

            <Section title={translate('volumes.create.section_attach')}>
              <SelectInput
                source="server_id"
                label="volumes.create.server"
                choices={serverChoices}
                translateChoice={false}
                helperText="volumes.create.server_help"
                emptyText=""
                validate={required()}
                fullWidth
              />
              {servers.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('volumes.create.no_servers')}
                </Typography>
              ) : null}
              <FormDataConsumer<VolumeFormValues>>
                {({ formData }) =>
                  Number(formData.server_id) === NO_SERVER ? (
                    <SelectInput
                      source="datacenter"
                      label="resources.volume.fields.datacenter"
                      choices={datacenters}
                      optionValue="code"
                      optionText="name"
                      translateChoice={false}
                      validate={required()}
                      fullWidth
                    />
                  ) : null
                }
              </FormDataConsumer>
            </Section>

            <Section title={translate('volumes.create.section_interval')}>
              <IntervalInput source="interval" label={translate('volumes.create.interval')} />
            </Section>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2} sx={STICKY_BELOW_APP_BAR}>
            <FormDataConsumer<VolumeFormValues>>
              {({ formData }) => (
                <VolumePriceSummary
                  size={formData.size}
                  type={formData.type}
                  interval={
                    isIntervalCount(Number(formData.interval))
                      ? (Number(formData.interval) as IntervalCount)
                      : 1
                  }
                  products={products.data}
                  failed={products.isError}
                  updating={products.isFetching}
                />
              )}
            </FormDataConsumer>
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
            <BusyButton
              type="submit"
              variant="contained"
              size="large"
              busy={busy}
              disabled={!permission.allowed || products.isFetching}
              fullWidth
            >
              {translate('volumes.create.submit')}
            </BusyButton>
          </Stack>
        </Grid>
      </Grid>
    </PortalForm>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={1}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const validateName: Validator = (value) => validateResourceName(value);
const validateSize: Validator = (value) =>
  validateVolumeSize(typeof value === 'number' ? value : undefined);

/** The create_volume order of the form: the server's datacenter when attaching, else the chosen one. */
export function volumeOrder(
  values: VolumeFormValues,
  servers: readonly Server[],
): CreateOrderRequest {
  const serverId = Number(values.server_id);
  const server = servers.find((candidate) => candidate.id === serverId);
  return {
    type: 'create_volume',
    data: {
      name: values.name,
      size: Number(values.size),
      type: values.type,
      datacenter: server?.datacenter ?? values.datacenter,
      ...(server && { server_id: server.id }),
    },
    interval_count: Number(values.interval) as IntervalCount,
  };
}
