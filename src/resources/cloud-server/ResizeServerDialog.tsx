/**
 * Change the CPU, RAM and disk of the server. The disk never shrinks
 * (validateResize); the price of the change for the rest of the paid period comes from
 * POST /billing/calculation (action resize_server) and is charged to the balance at once. When the
 * balance is short the customer is led to billing with the missing amount.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { calculatedPayment, FirstPaymentNote } from '../../components/FirstPaymentNote';
import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type {
  CalculationRequest,
  PortalDataProvider,
  Server,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatVnd } from '../../domain/money';
import { SERVER_LIMITS, validateResize, type ServerSize } from '../../domain/serverRules';
import { useServerAction } from './useServerAction';
import { WaitNotice } from './WaitNotice';

type SizeText = Record<keyof ServerSize, string>;

export function ResizeServerDialog({ server, onClose }: { server: Server; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refreshIdentity = useRefreshIdentity();
  const { identity } = useGetIdentity();
  const [text, setText] = useState<SizeText>({
    cpu: String(server.cpu),
    ram: String(server.ram),
    disk: String(server.disk),
  });
  const [shortOfBalance, setShortOfBalance] = useState(false);
  const location = useLocation();

  const size = parseSize(text);
  const current = { cpu: server.cpu, ram: server.ram, disk: server.disk };
  const problem = size ? validateResize(current, size) : 'servers.resize.invalid_size';
  const valid = size !== null && problem === undefined;

  const body: CalculationRequest | null =
    size && valid
      ? { action: 'resize_server', reference_id: server.id, products: resizeLines(server, size) }
      : null;
  const price = useQuery({
    queryKey: QUERY_KEYS.calculation(body),
    queryFn: () => dataProvider.calculatePrice(body as CalculationRequest),
    enabled: body !== null,
  });

  const resize = useServerAction({
    mutationFn: () => dataProvider.resizeServer(server.id, size as ServerSize),
    successKey: 'servers.actions.resize_started',
    successArgs: { name: server.name },
    onSuccess: () => {
      void refreshIdentity();
      onClose();
    },
    onError: (error) => setShortOfBalance(errorStatus(error) === 402),
    onResultUnknown: onClose,
  });

  const balance = typeof identity?.balance === 'number' ? identity.balance : undefined;
  const total = price.data?.total;
  const shortfall =
    total !== undefined && balance !== undefined ? Math.max(0, total - balance) : undefined;
  const showTopUp = (shortfall !== undefined && shortfall > 0) || shortOfBalance;
  const field = (key: keyof ServerSize) => (
    <TextField
      type="number"
      label={translate(`resources.cloud-server.fields.${key}`)}
      value={text[key]}
      onChange={(event) => setText({ ...text, [key]: event.target.value })}
      slotProps={{
        htmlInput: { min: SERVER_LIMITS[key].min, max: SERVER_LIMITS[key].max, step: 1 },
      }}
      fullWidth
    />
  );

  return (
    <ConfirmByNameDialog
      open
      title={translate('servers.actions.resize_title', { name: server.name })}
      name={server.name}
      prompt={translate('servers.confirm.type_name', { name: server.name })}
      confirmLabel={translate('servers.actions.resize')}
      ready={valid && price.isSuccess && !price.isFetching && !showTopUp}
      busy={resize.isPending}
      onClose={onClose}
      onConfirm={() => resize.mutate()}
    >
      <Typography variant="body2">
        {translate('servers.resize.current', {
          cpu: server.cpu,
          ram: server.ram,
          disk: server.disk,
          type: server.disk_type,
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('cpu')}
        {field('ram')}
        {field('disk')}
      </Stack>
      {problem ? (
        <Alert severity="warning">{translate(problem, limitsArgs())}</Alert>
      ) : price.isError ? (
        <Alert severity="error">{translate('servers.resize.price_failed')}</Alert>
      ) : price.data ? (
        <Alert severity="info">
          <FirstPaymentNote payment={calculatedPayment(price.data, true)} />
          <Typography variant="body2">{translate('first_payment.charged_now')}</Typography>
        </Alert>
      ) : (
        <Typography variant="body2">{translate('servers.price.loading')}</Typography>
      )}
      {showTopUp ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={topUpPath(shortfall ?? total ?? 0)}
              onClick={() => rememberTopUpReturn(location.pathname + location.search)}
            >
              {translate('orders.top_up')}
            </Button>
          }
        >
          {translate('orders.short_balance', { amount: formatVnd(shortfall ?? 0) })}
        </Alert>
      ) : null}
      <WaitNotice />
    </ConfirmByNameDialog>
  );
}

function parseSize(text: SizeText): ServerSize | null {
  const size = { cpu: Number(text.cpu), ram: Number(text.ram), disk: Number(text.disk) };
  const fits = (Object.keys(size) as (keyof ServerSize)[]).every(
    (key) =>
      /^\d+$/.test(text[key]) &&
      size[key] >= SERVER_LIMITS[key].min &&
      size[key] <= SERVER_LIMITS[key].max,
  );
  return fits ? size : null;
}

function limitsArgs() {
  return {
    cpu_min: SERVER_LIMITS.cpu.min,
    ram_min: SERVER_LIMITS.ram.min,
    disk_min: SERVER_LIMITS.disk.min,
    cpu_max: SERVER_LIMITS.cpu.max,
    ram_max: SERVER_LIMITS.ram.max,
    disk_max: SERVER_LIMITS.disk.max,
  };
}

/** The new configuration as product lines (spec §3 names); the API prices the difference. */
function resizeLines(server: Server, size: ServerSize): CalculationRequest['products'] {
  const disk = server.disk_type === 'SSD' ? 'volume_ssd' : 'volume_hdd';
  return [
    { id_or_name: `cpu_${size.cpu}c`, quantity: 1 },
    { id_or_name: `ram_${size.ram}gb`, quantity: 1 },
    { id_or_name: `${disk}_${size.disk}gb`, quantity: 1 },
  ];
}
