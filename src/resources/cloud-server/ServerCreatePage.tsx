/**
 * /cloud-server/create and /cloud-server/plan/{id}: the create-server form. It reads its starting
 * configuration from the plan, the `cpu/ram/disk/interval` query and a stored pending order, shows
 * the price as the form changes, places a pending `create_server` order and goes to
 * /order/create to pay it. On any failure the form keeps what was typed. Choosing an image applies
 * its rules at once: its minimum root disk (raised, never shrunk, and said why), password sign-in
 * only where it takes no SSH key, and its licence in the price.
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
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  required,
  useDataProvider,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import {
  clearPendingOrder,
  clearPendingServerChoice,
  getPendingOrder,
  storePendingOrder,
} from '../../authProvider/sessionStore';
import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { BusyButton } from '../../components/BusyButton';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { STICKY_BELOW_APP_BAR } from '../../components/phoneLayout';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import type { BillingPlan, Image, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { MAX_IPS_PER_SERVER } from '../../domain/constants';
import { formatVnd } from '../../domain/money';
import { isIntervalCount, type PricedProduct } from '../../domain/pricing';
import { createServerOrder } from '../../domain/serverOrder';
import {
  diskFitsImage,
  imageAllowsSshKeys,
  SERVER_LIMITS,
  validateServerName,
} from '../../domain/serverRules';
import { IntervalInput } from './IntervalToggle';
import { PriceSummary, useServerProducts } from './PriceSummary';
import {
  choiceFromValues,
  initialServerValues,
  maxExtraIpv4,
  withImageRules,
  type Catalogs,
  type ServerFormValues,
} from './serverChoice';
import { CATALOG_STALE_MS, MAX_DATA_DISKS } from './serverConstants';

export default function ServerCreatePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { id: planId } = useParams();
  const [search] = useSearchParams();
  const title = translate(planId ? 'servers.create.title_plan' : 'servers.create.title');
  usePageTitle(title);

  const catalogOptions = { staleTime: CATALOG_STALE_MS };
  const images = useQuery({
    queryKey: QUERY_KEYS.images,
    queryFn: () => dataProvider.listImages(),
    ...catalogOptions,
  });
  const datacenters = useQuery({
    queryKey: QUERY_KEYS.datacenters,
    queryFn: () => dataProvider.listDatacenters(),
    ...catalogOptions,
  });
  const keys = useQuery({
    queryKey: QUERY_KEYS.sshKeys,
    queryFn: () => dataProvider.listSshKeys(),
    ...catalogOptions,
  });
  const planInterval = Number(search.get('interval'));
  const plans = useQuery({
    queryKey: QUERY_KEYS.serverPlans(isIntervalCount(planInterval) ? planInterval : undefined),
    queryFn: () =>
      dataProvider.listPlans({
        product_category: 'server',
        ...(isIntervalCount(planInterval) && { interval_count: planInterval }),
      }),
    enabled: planId !== undefined,
    ...catalogOptions,
  });

  // The SSH keys are optional: when they cannot be read the form offers the password only.
  const queries = [images, datacenters, ...(planId ? [plans] : [])];
  const failed = queries.some((query) => query.isError);
  const loading = queries.some((query) => query.isPending) || keys.isPending;
  const plan = planId
    ? plans.data?.find((candidate) => String(candidate.id) === planId)
    : undefined;

  let content: ReactNode;
  if (failed) {
    content = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => queries.forEach((query) => query.isError && query.refetch())}
          >
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('servers.create.load_failed')}
      </Alert>
    );
  } else if (loading) {
    content = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else if (planId && !plan) {
    content = (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" component={Link} to="/cloud-server/plans">
            {translate('plans.title')}
          </Button>
        }
      >
        {translate('plans.not_found')}
      </Alert>
    );
  } else {
    content = (
      <ServerCreateForm
        catalogs={{
          images: images.data ?? [],
          datacenters: datacenters.data ?? [],
          keys: keys.data ?? [],
        }}
        keysFailed={keys.isError}
        plan={plan}
        search={search}
      />
    );
  }

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {plan ? translate('servers.create.title_named_plan', { name: plan.name }) : title}
      </Typography>
      {content}
    </Box>
  );
}

interface ServerCreateFormProps {
  catalogs: Catalogs;
  keysFailed: boolean;
  plan: BillingPlan | undefined;
  search: URLSearchParams;
}

function ServerCreateForm({ catalogs, keysFailed, plan, search }: ServerCreateFormProps) {
  const translate = useTranslate();
  const permission = useActionPermission();
  // The starting values are read once: later changes of storage must not reset the form.
  const [defaults] = useState(() =>
    initialServerValues(catalogs, { pendingOrder: getPendingOrder(), plan, search }),
  );
  const products = useServerProducts();

  const { submit, submitError, busy } = usePlaceOrder({
    toOrder: (values: ServerFormValues) => {
      const choice = choiceFromValues(values, catalogs.images);
      if (!choice) return undefined;
      const order = createServerOrder(choice);
      // Kept until the order exists, so a failed call (or a lost session) loses nothing.
      storePendingOrder(order);
      return order;
    },
    // A pending create order holds its server's name: one with the same name, configuration and
    // period is the order a lost answer placed.
    isPlaced: (placed, { data, interval_count }) =>
      placed.type === 'create_server' &&
      placed.interval_count === interval_count &&
      placed.info.startsWith(`${data.name}:`) &&
      placed.new_config?.cpu === data.cpu.quantity &&
      placed.new_config.ram === data.ram.quantity &&
      placed.new_config.disk === data.rootdisk.size,
    placedKey: 'orders.created',
    onPlaced: () => {
      clearPendingServerChoice();
      clearPendingOrder();
    },
  });

  const keyless = catalogs.keys.length === 0;
  const imageByName = new Map(catalogs.images.map((image) => [image.name, image]));
  const [diskRaise, setDiskRaise] = useState<DiskRaise | null>(null);
  const keysAllowedFor = (os: string) => {
    const image = imageByName.get(os);
    return !image || imageAllowsSshKeys(image);
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate>
      <ActionBlockedAlert permission={permission} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Section title={translate('servers.create.section_image')}>
              <ImageInput images={catalogs.images} onDiskRaised={setDiskRaise} />
              <FormDataConsumer>
                {({ formData }) => (
                  <LicenseNote image={imageByName.get(formData.os)} catalog={products.data} />
                )}
              </FormDataConsumer>
              <SelectInput
                source="datacenter"
                label="resources.cloud-server.fields.datacenter"
                choices={catalogs.datacenters}
                optionValue="code"
                optionText="name"
                translateChoice={false}
                validate={required()}
                fullWidth
              />
            </Section>

            <Section title={translate('servers.create.section_access')}>
              <TextInput
                source="name"
                label="resources.cloud-server.fields.name"
                helperText="servers.create.name_help"
                validate={validateName}
                autoComplete="off"
                fullWidth
              />
              <FormDataConsumer>
                {({ formData }) => {
                  const keysAllowed = keysAllowedFor(formData.os);
                  return (
                    <>
                      <RadioButtonGroupInput
                        source="access"
                        label="servers.create.access"
                        choices={[
                          ...(keysAllowed
                            ? [{ id: 'key', name: 'servers.create.access_key', disabled: keyless }]
                            : []),
                          { id: 'password', name: 'servers.create.access_password' },
                        ]}
                      />
                      {keysAllowed ? null : (
                        <Typography variant="body2" data-testid="password-only">
                          {translate('servers.create.password_only', { image: formData.os })}
                        </Typography>
                      )}
                    </>
                  );
                }}
              </FormDataConsumer>
              <FormDataConsumer>
                {({ formData }) =>
                  formData.access === 'key' && !keyless && keysAllowedFor(formData.os) ? (
                    <SelectInput
                      source="keyName"
                      label="resources.cloud-server.fields.key_name"
                      choices={catalogs.keys}
                      optionValue="name"
                      optionText="name"
                      translateChoice={false}
                      validate={required()}
                      fullWidth
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {translate('servers.create.password_note')}
                    </Typography>
                  )
                }
              </FormDataConsumer>
              {keysFailed ? (
                <Typography variant="body2" color="warning.main">
                  {translate('servers.create.keys_failed')}
                </Typography>
              ) : (
                <Typography variant="body2">
                  {keyless ? `${translate('servers.create.no_keys')} ` : null}
                  <Link to="/ssh-keys/create">{translate('servers.create.add_key')}</Link>
                </Typography>
              )}
            </Section>

            <Section title={translate('servers.create.section_size')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberInput
                  source="cpu"
                  label="resources.cloud-server.fields.cpu"
                  min={SERVER_LIMITS.cpu.min}
                  max={SERVER_LIMITS.cpu.max}
                  step={1}
                  validate={between(SERVER_LIMITS.cpu)}
                  helperText={false}
                />
                <NumberInput
                  source="ram"
                  label="resources.cloud-server.fields.ram"
                  min={SERVER_LIMITS.ram.min}
                  max={SERVER_LIMITS.ram.max}
                  step={1}
                  validate={between(SERVER_LIMITS.ram)}
                  helperText={false}
                />
                <NumberInput
                  source="disk"
                  label="resources.cloud-server.fields.disk"
                  min={SERVER_LIMITS.disk.min}
                  max={SERVER_LIMITS.disk.max}
                  step={1}
                  validate={[between(SERVER_LIMITS.disk), fitsImage(imageByName)]}
                  helperText={false}
                />
              </Stack>
              <DiskRecheck />
              {diskRaise ? (
                <Typography variant="body2" role="status" data-testid="disk-raised">
                  {translate('servers.create.disk_raised', diskRaise)}
                </Typography>
              ) : null}
              <RadioButtonGroupInput
                source="diskType"
                label="resources.cloud-server.fields.disk_type"
                choices={DISK_TYPE_CHOICES}
                translateChoice={false}
                row
              />
              <FormDataConsumer>
                {({ formData }) => (
                  <ArrayInput source="dataDisks" label="resources.cloud-server.fields.data_disks">
                    <SimpleFormIterator
                      inline
                      disableReordering
                      disableClear
                      disableAdd={(formData.dataDisks?.length ?? 0) >= MAX_DATA_DISKS}
                    >
                      <NumberInput
                        source="size"
                        label="servers.create.data_disk_size"
                        defaultValue={SERVER_LIMITS.disk.min}
                        min={SERVER_LIMITS.disk.min}
                        max={SERVER_LIMITS.disk.max}
                        step={1}
                        validate={between(SERVER_LIMITS.disk)}
                        helperText={false}
                      />
                      <SelectInput
                        source="type"
                        label="resources.cloud-server.fields.disk_type"
                        choices={DISK_TYPE_CHOICES}
                        translateChoice={false}
                        defaultValue="SSD"
                        helperText={false}
                      />
                    </SimpleFormIterator>
                  </ArrayInput>
                )}
              </FormDataConsumer>
            </Section>

            <Section title={translate('servers.create.section_network')}>
              <Typography variant="body2" color="text.secondary">
                {translate('servers.create.primary_ip_note')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberInput
                  source="extraIpv4"
                  label="resources.cloud-server.fields.extra_ipv4"
                  min={0}
                  step={1}
                  validate={extraIpsInLimit}
                  helperText={translate('servers.create.ip_limit_help', {
                    max: MAX_IPS_PER_SERVER,
                  })}
                />
                <BooleanInput source="ipv6" label="servers.create.ipv6" />
              </Stack>
            </Section>

            <Section title={translate('servers.create.section_interval')}>
              <IntervalInput source="interval" label={translate('servers.create.interval')} />
            </Section>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2} sx={STICKY_BELOW_APP_BAR}>
            <FormDataConsumer>
              {({ formData }) => (
                <PriceSummary
                  values={formData as ServerFormValues}
                  images={catalogs.images}
                  catalog={products.data}
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
              {translate('servers.create.submit')}
            </BusyButton>
          </Stack>
        </Grid>
      </Grid>
    </Form>
  );
}

const DISK_TYPE_CHOICES = [
  { id: 'SSD', name: 'SSD' },
  { id: 'HDD', name: 'HDD' },
];

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

const validateName: Validator = (value) => validateServerName(value);

function between(limits: { min: number; max: number }): Validator {
  return (value) =>
    isWholeIn(value, limits.min, limits.max)
      ? undefined
      : { message: 'servers.create.number_between', args: limits };
}

/** The primary IPv4 and an IPv6 count towards the server's limit of addresses. */
const extraIpsInLimit: Validator = (value, values) => {
  const max = maxExtraIpv4(Boolean(values?.ipv6));
  return isWholeIn(value, 0, max)
    ? undefined
    : { message: 'servers.create.number_between', args: { min: 0, max } };
};

function fitsImage(imageByName: Map<string, Image>): Validator {
  return (value, values) => {
    const image = imageByName.get(values?.os);
    if (!image || typeof value !== 'number' || diskFitsImage(value, image)) return undefined;
    return { message: 'servers.create.disk_below_image', args: { size: image.min_disk } };
  };
}

/** The disk the choice of an image raised, to say why it changed. */
interface DiskRaise {
  size: number;
  image: string;
}

/**
 * The image select. Choosing an image applies its rules at once (`withImageRules`): the disk is
 * raised to its minimum (never shrunk, so leaving the image keeps the larger disk) and sign-in
 * falls back to the password where it takes no SSH key.
 */
function ImageInput(props: { images: Image[]; onDiskRaised: (raise: DiskRaise | null) => void }) {
  const { getValues, setValue } = useFormContext();
  const choose = (name: unknown) => {
    const image = props.images.find((candidate) => candidate.name === name);
    if (!image) return;
    const current = getValues() as ServerFormValues;
    const next = withImageRules(current, image);
    const raised = next.disk !== current.disk;
    if (raised) setValue('disk', next.disk, { shouldDirty: true, shouldValidate: true });
    if (next.access !== current.access) setValue('access', next.access, { shouldDirty: true });
    props.onDiskRaised(
      raised && next.disk !== null ? { size: next.disk, image: image.name } : null,
    );
  };
  return (
    <SelectInput
      source="os"
      label="resources.cloud-server.fields.os"
      choices={props.images}
      optionValue="name"
      optionText="name"
      translateChoice={false}
      validate={required()}
      onChange={(event) => choose(event?.target?.value)}
      fullWidth
    />
  );
}

/** Checks the root disk against the image as it is typed, not only on submit. */
function DiskRecheck() {
  const { trigger } = useFormContext();
  const disk: unknown = useWatch({ name: 'disk' });
  const previous = useRef(disk);
  useEffect(() => {
    if (Object.is(previous.current, disk)) return;
    previous.current = disk;
    void trigger('disk');
  }, [disk, trigger]);
  return null;
}

/** What the chosen image's licence adds a month, when it has one. */
function LicenseNote(props: {
  image: Image | undefined;
  catalog: Map<string, PricedProduct> | undefined;
}) {
  const translate = useTranslate();
  const id = props.image?.license_product_id;
  const product = id ? [...(props.catalog?.values() ?? [])].find((p) => p.id === id) : undefined;
  if (!props.image || !product) return null;
  return (
    <Typography variant="body2" data-testid="license-note">
      {translate('servers.create.license_note', {
        image: props.image.name,
        price: formatVnd(product.price),
      })}
    </Typography>
  );
}

function isWholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
