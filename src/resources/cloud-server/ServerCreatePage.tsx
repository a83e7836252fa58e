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
  CheckboxGroupInput,
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
import { IntervalInput } from '../../components/IntervalToggle';
import { PortalForm } from '../../components/PortalForm';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { STICKY_BELOW_APP_BAR } from '../../components/phoneLayout';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import type { BillingPlan, Image, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatVnd } from '../../domain/money';
import { intervalInQuery } from '../../domain/billingCycle';
import { isIntervalCount, type PricedProduct } from '../../domain/pricing';
import { createServerOrder } from '../../domain/serverOrder';
import {
  describeServerFieldRange,
  isInRange,
  serverFieldRange,
  type ServerNumberField,
} from '../../domain/serverFieldRanges';
import {
  diskFitsImage,
  imageAllowsSshKeys,
  SERVER_LIMITS,
  validateServerName,
} from '../../domain/serverRules';
import { PriceSummary, useServerProducts } from './PriceSummary';
import {
  choiceFromValues,
  startingServerForm,
  withImageRules,
  type Catalogs,
  type QueryCorrection,
  type ServerFormValues,
} from './serverChoice';
import { CATALOG_STALE_MS, MAX_DATA_DISKS } from './serverConstants';
import {
  atLeastSnapshot,
  SnapshotSourceNote,
  sourceSnapshot,
  useSourceSnapshot,
  withSnapshotId,
  withSnapshotValues,
} from './snapshotSource';

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
  const planInterval = Number(intervalInQuery(search));
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
  const source = useSourceSnapshot(search); // ?snapshot=<id>: a server from a snapshot
  const loading = queries.some((query) => query.isPending) || keys.isPending || source.loading;
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
        source={source}
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
  source: ReturnType<typeof useSourceSnapshot>;
}

function ServerCreateForm(props: ServerCreateFormProps) {
  const { catalogs, keysFailed, plan, search } = props;
  const translate = useTranslate();
  const permission = useActionPermission();
  const snapshot = sourceSnapshot(props.source.snapshot, catalogs.images);
  // The starting values are read once: later changes of storage must not reset the form.
  const [{ values: defaults, corrections }] = useState(() => {
    const start = startingServerForm(catalogs, { pendingOrder: getPendingOrder(), plan, search });
    return { ...start, values: withSnapshotValues(start.values, snapshot) };
  });
  const products = useServerProducts();

  const { submit, submitError, busy } = usePlaceOrder({
    toOrder: (values: ServerFormValues) => {
      const choice = choiceFromValues(values, catalogs.images);
      if (!choice) return undefined;
      const order = withSnapshotId(createServerOrder(choice), snapshot);
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
    // Checked as typed: a value out of its range is marked at once, not only on Place order.
    <PortalForm defaultValues={defaults} onSubmit={submit} mode="onChange">
      <ActionBlockedAlert permission={permission} />
      <QueryCorrections corrections={corrections} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Section title={translate('servers.create.section_image')}>
              <SnapshotSourceNote requested={props.source.requested} source={snapshot} />
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
                    <CheckboxGroupInput
                      source="keyNames"
                      label="servers.guide.keys_label"
                      helperText="servers.guide.keys_help"
                      choices={catalogs.keys}
                      optionValue="name"
                      optionText="name"
                      translateChoice={false}
                      validate={atLeastOneKey}
                      row={false}
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {translate('servers.create.password_note')}
                    </Typography>
                  )
                }
              </FormDataConsumer>
              <OnlyKeyChosen keys={catalogs.keys} />
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
                <RangeInput field="cpu" label="resources.cloud-server.fields.cpu" />
                <RangeInput field="ram" label="resources.cloud-server.fields.ram" />
                <RangeInput
                  field="disk"
                  label="resources.cloud-server.fields.disk"
                  validate={atLeastSnapshot(fitsImage(imageByName), snapshot)}
                />
              </Stack>
              <Recheck field="disk" when="disk" />
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
                        validate={dataDiskInRange}
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
                <RangeInput field="extraIpv4" label="resources.cloud-server.fields.extra_ipv4" />
                <BooleanInput source="ipv6" label="servers.create.ipv6" />
              </Stack>
              <Recheck field="extraIpv4" when="ipv6" />
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
    </PortalForm>
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

const dataDiskInRange: Validator = (value) =>
  isInRange(value, SERVER_LIMITS.disk)
    ? undefined
    : { message: 'servers.create.number_between', args: SERVER_LIMITS.disk };

const atLeastOneKey: Validator = (value) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'servers.guide.keys_required';

/**
 * A number of the form with its allowed range beside it (the shared rules' range, through
 * describeServerFieldRange), checked against that range as it is typed. The extra IPv4
 * addresses' range depends on the IPv6 choice (the primary IPv4 and an IPv6 count towards it).
 */
function RangeInput(props: { field: ServerNumberField; label: string; validate?: Validator }) {
  const translate = useTranslate();
  const ipv6 = Boolean(useWatch({ name: 'ipv6' }));
  const range = serverFieldRange(props.field, { ipv6 });
  const help = describeServerFieldRange(props.field, { ipv6 });
  const inRange: Validator = (value, values) => {
    const limits = serverFieldRange(props.field, { ipv6: Boolean(values?.ipv6) });
    return isInRange(value, limits)
      ? undefined
      : { message: 'servers.create.number_between', args: limits };
  };
  return (
    <NumberInput
      source={props.field}
      label={props.label}
      min={range.min}
      max={range.max}
      step={1}
      validate={props.validate ? [inRange, props.validate] : inRange}
      helperText={translate(help.key, help.args)}
    />
  );
}

/** What the form corrected in the link's query, each field with the value it used instead. */
function QueryCorrections({ corrections }: { corrections: readonly QueryCorrection[] }) {
  const translate = useTranslate();
  if (corrections.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="query-corrections">
      {translate('servers.guide.corrected_title')}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {corrections.map((correction) => (
          <li key={correction.field}>
            {translate(`servers.guide.corrected_${correction.field}`, correction)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

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

/**
 * A customer with exactly one key who turns to SSH-key sign-in gets it chosen (the list may have
 * arrived after the form started); with several keys, none is chosen for them.
 */
function OnlyKeyChosen({ keys }: { keys: Catalogs['keys'] }) {
  const { getValues, setValue } = useFormContext();
  const access: unknown = useWatch({ name: 'access' });
  const only = keys.length === 1 ? keys[0]?.name : undefined;
  useEffect(() => {
    const chosen: unknown = getValues('keyNames');
    if (access !== 'key' || !only || (Array.isArray(chosen) && chosen.length > 0)) return;
    setValue('keyNames', [only], { shouldDirty: true });
  }, [access, only, getValues, setValue]);
  return null;
}

/**
 * Checks `field` again when `when` changes: the root disk against the image as it is typed, the
 * extra IPv4 addresses when IPv6 is chosen or dropped.
 */
function Recheck({ field, when }: { field: string; when: string }) {
  const { trigger } = useFormContext();
  const watched: unknown = useWatch({ name: when });
  const previous = useRef(watched);
  useEffect(() => {
    if (Object.is(previous.current, watched)) return;
    previous.current = watched;
    void trigger(field);
  }, [watched, field, trigger]);
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
