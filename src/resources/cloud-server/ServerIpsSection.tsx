/**
 * The IP addresses of the server in the record context: the list, buying more (charged to the
 * balance at once after a confirmation showing the sandbox's quote, at most MAX_IPS_PER_SERVER per
 * server, the primary one included) and releasing
 * an extra one (never the primary) after a confirmation that says what the unused rest of its
 * paid period (the server's) is worth, which is not refunded. Under each address, its reverse DNS
 * name (the default one marked), with an edit action: a hostname checked as it is typed by the
 * rule the sandbox applies (src/domain/hostname.ts), and a way back to the default.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import { errorMessage, errorStatus, fieldErrors } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { BusyButton } from '../../components/BusyButton';
import { LoadFailed } from '../../components/LoadFailed';
import { usePurchaseKey } from '../../components/usePurchaseKey';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { calculatedPayment, FirstPaymentNote } from '../../components/FirstPaymentNote';
import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import { UnrefundedNote } from '../../components/UnrefundedNote';
import { usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type {
  BuyIpRequest,
  CalculationRequest,
  Ip,
  PortalDataProvider,
  ReverseDns,
  Server,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { MAX_IPS_PER_SERVER } from '../../domain/constants';
import { formatDate } from '../../domain/dates';
import { validateHostname } from '../../domain/hostname';
import { formatVnd } from '../../domain/money';
import { useServerAction } from './useServerAction';

type IpVersion = BuyIpRequest['version'];

/** Buying is refused while the server is being built or deleted. */
const NO_PURCHASE_STATUSES = ['building', 'deleting'];

export function ServerIpsSection({ canAct }: { canAct: boolean }) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const serverId = server?.id ?? 0;
  const ips = useQuery({
    queryKey: QUERY_KEYS.serverIps(serverId),
    queryFn: () => dataProvider.listServerIps(serverId),
    enabled: server !== undefined,
  });
  const reverseDns = useQuery({
    queryKey: QUERY_KEYS.serverReverseDns(serverId),
    queryFn: () => dataProvider.listServerReverseDns(serverId),
    enabled: server !== undefined,
  });
  if (!server) return null;

  const list = Array.isArray(ips.data) ? ips.data : [];
  const names = new Map((reverseDns.data ?? []).map((entry) => [entry.ip_id, entry]));
  const limitReached = list.length >= MAX_IPS_PER_SERVER;
  return (
    <Stack spacing={2}>
      {ips.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {ips.isError ? (
        <LoadFailed error={ips.error} onRetry={() => ips.refetch()} retrying={ips.isFetching} />
      ) : null}
      {ips.isSuccess ? (
        <Typography variant="body2" color="text.secondary">
          {translate('servers.rdns.intro')}
        </Typography>
      ) : null}
      {reverseDns.isError ? (
        <LoadFailed
          error={reverseDns.error}
          onRetry={() => reverseDns.refetch()}
          retrying={reverseDns.isFetching}
        />
      ) : null}
      {ips.isSuccess ? <IpTable server={server} ips={list} names={names} canAct={canAct} /> : null}
      <Typography variant="body2" color="text.secondary">
        {translate('servers.ips.count', { count: list.length, max: MAX_IPS_PER_SERVER })}
      </Typography>
      {limitReached ? (
        <Alert severity="info">{translate('servers.ips.limit', { max: MAX_IPS_PER_SERVER })}</Alert>
      ) : ips.isSuccess ? (
        <BuyIpsForm
          server={server}
          remaining={MAX_IPS_PER_SERVER - list.length}
          canAct={canAct && !NO_PURCHASE_STATUSES.includes(server.status)}
        />
      ) : null}
    </Stack>
  );
}

function IpTable(props: {
  server: Server;
  ips: Ip[];
  names: Map<number, ReverseDns>;
  canAct: boolean;
}) {
  const { server, ips, names, canAct } = props;
  const translate = useTranslate();
  const [releasing, setReleasing] = useState<Ip | null>(null);
  const [naming, setNaming] = useState<ReverseDns | null>(null);
  return (
    <>
      {/* A phone shows the key columns only; should they still not fit, the table scrolls
          within the page's width (focusable, so the keyboard can scroll it too). */}
      <TableContainer
        role="region"
        aria-label={translate('servers.ips.title')}
        tabIndex={0}
        sx={{ contain: 'inline-size' }}
      >
        <Table size="small" aria-label={translate('servers.ips.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('servers.ips.address')}</TableCell>
              <TableCell className={HIDDEN_ON_PHONE}>{translate('servers.ips.version')}</TableCell>
              <TableCell>{translate('servers.ips.monthly_price')}</TableCell>
              <TableCell className={HIDDEN_ON_PHONE}>{translate('servers.ips.created')}</TableCell>
              <TableCell align="right">{translate('servers.ips.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ips.map((ip) => (
              <TableRow key={ip.id}>
                <TableCell>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <span>{ip.address}</span>
                    <CopyButton
                      value={ip.address}
                      what={translate('lists.servers.ip_of', { ip: ip.address, name: server.name })}
                    />
                    {ip.primary ? (
                      <Chip size="small" label={translate('servers.ips.primary')} />
                    ) : null}
                  </Stack>
                  <ReverseDnsName name={names.get(ip.id)} />
                </TableCell>
                <TableCell className={HIDDEN_ON_PHONE}>
                  {ip.version === 'ipv4' ? 'IPv4' : 'IPv6'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatVnd(ip.price)}</TableCell>
                <TableCell className={HIDDEN_ON_PHONE}>{formatDate(ip.created)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {names.has(ip.id) ? (
                    <Tooltip title={translate('servers.rdns.edit')}>
                      <span>
                        <IconButton
                          aria-label={translate('servers.rdns.edit_named', {
                            address: ip.address,
                          })}
                          disabled={!canAct}
                          onClick={() => setNaming(names.get(ip.id) ?? null)}
                        >
                          <EditIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  ) : null}
                  {ip.primary ? null : (
                    <Tooltip title={translate('servers.ips.release')}>
                      <span>
                        <IconButton
                          aria-label={translate('servers.ips.release_named', {
                            address: ip.address,
                          })}
                          disabled={!canAct}
                          onClick={() => setReleasing(ip)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {releasing ? (
        <ReleaseIpDialog server={server} ip={releasing} onClose={() => setReleasing(null)} />
      ) : null}
      {naming ? (
        <ReverseDnsDialog server={server} name={naming} onClose={() => setNaming(null)} />
      ) : null}
    </>
  );
}

/** The address's reverse DNS name under it, "default" when the owner never set one. */
function ReverseDnsName({ name }: { name: ReverseDns | undefined }) {
  const translate = useTranslate();
  if (!name) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {translate('servers.rdns.label')}: <HostnameText hostname={name.hostname} />
      {name.custom ? null : ` (${translate('servers.rdns.default')})`}
    </Typography>
  );
}

/**
 * A host name that wraps between its labels on a narrow screen, not inside one: each label, with
 * its dot, is an inline block, since a hyphen inside a label is also a place to wrap. A label
 * wider than the line still wraps within itself.
 */
function HostnameText({ hostname }: { hostname: string }) {
  const labels = hostname.split('.');
  return labels.map((label, index) => (
    <Box component="span" key={index} sx={{ display: 'inline-block', maxWidth: '100%' }}>
      {index < labels.length - 1 ? `${label}.` : label}
    </Box>
  ));
}

/**
 * Sets the address's reverse DNS name, or gives it its default back. The name is checked as it is
 * typed; a name the sandbox still refuses shows its message on the field, any other failure
 * above the buttons (one message per failure, no toast besides).
 */
function ReverseDnsDialog(props: { server: Server; name: ReverseDns; onClose: () => void }) {
  const { server, name, onClose } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const titleId = useId();
  const [hostname, setHostname] = useState(name.custom ? name.hostname : '');
  const [touched, setTouched] = useState(false);
  const [serverField, setServerField] = useState<string>();
  const save = useMutation({
    mutationFn: (reset: boolean) =>
      reset
        ? dataProvider.resetServerIpReverseDns(server.id, name.ip_id)
        : dataProvider.setServerIpReverseDns(server.id, name.ip_id, hostname),
    onSuccess: async (_answer, reset) => {
      notify.success(reset ? 'servers.rdns.reset_done' : 'servers.rdns.saved', {
        address: name.address,
      });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.serverReverseDns(server.id) });
      onClose();
    },
    onError: (error) => {
      setServerField(fieldErrors(error).hostname);
      // The address may have gone meanwhile: the tab reads its list again.
      if (errorStatus(error) === 404) {
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.serverIps(server.id) });
      }
    },
  });
  const problem = validateHostname(hostname);
  const shown = serverField ?? (touched && problem ? translate(problem) : undefined);
  const submit = () => {
    setTouched(true);
    if (!problem) save.mutate(false);
  };
  const otherFailure = save.isError && !serverField;
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('servers.rdns.title', { address: name.address })}
      </DialogTitle>
      <DialogContent>
        <form
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            fullWidth
            margin="dense"
            label={translate('servers.rdns.hostname')}
            value={hostname}
            onChange={(event) => {
              setHostname(event.target.value);
              setServerField(undefined);
              if (event.target.value) setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={shown !== undefined}
            helperText={
              shown ?? translate('servers.rdns.hostname_help', { default: name.default_hostname })
            }
            slotProps={{
              htmlInput: { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' },
            }}
          />
        </form>
        {otherFailure ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(save.error, translate, 'servers.rdns.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {name.custom ? (
          <Button onClick={() => save.mutate(true)} disabled={save.isPending} sx={{ mr: 'auto' }}>
            {translate('servers.rdns.reset')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={save.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <BusyButton
          variant="contained"
          type="submit"
          form={`${titleId}-form`}
          busy={save.isPending}
        >
          {translate('servers.rdns.save')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

function ReleaseIpDialog({ server, ip, onClose }: { server: Server; ip: Ip; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const release = useServerAction({
    mutationFn: () => dataProvider.deleteServerIp(server.id, ip.id),
    successKey: 'servers.ips.released',
    successArgs: { address: ip.address },
    failureKey: 'servers.ips.release_failed',
    onSuccess: onClose,
    onResultUnknown: onClose,
  });
  return (
    <Dialog open onClose={release.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('servers.ips.release_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('servers.ips.release_text', { address: ip.address, name: server.name })}
        </DialogContentText>
        <UnrefundedNote
          amount={ip.unused_prepaid_amount}
          paidUntil={server.expiry}
          color="text.secondary"
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={release.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <BusyButton
          variant="contained"
          color="error"
          busy={release.isPending}
          onClick={() => release.mutateAsync()}
        >
          {translate('servers.ips.release')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

function BuyIpsForm(props: { server: Server; remaining: number; canAct: boolean }) {
  const { server, remaining, canAct } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refreshIdentity = useRefreshIdentity();
  const [version, setVersion] = useState<IpVersion>('ipv4');
  const [quantityText, setQuantityText] = useState('1');
  const [failure, setFailure] = useState<{ status: number | undefined } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const location = useLocation();
  const confirmTitleId = useId();

  const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : NaN;
  const validQuantity = quantity >= 1 && quantity <= remaining;
  const body: CalculationRequest | null = validQuantity
    ? {
        action: 'buy_ip',
        reference_id: server.id,
        products: [{ id_or_name: version === 'ipv4' ? 'wan_ipv4_1' : 'wan_ipv6_1', quantity }],
      }
    : null;
  // Each kind's monthly price beside its name; the choice works without it.
  const ipPlans = useQuery({
    queryKey: QUERY_KEYS.ipPlans,
    queryFn: () => dataProvider.listIpPlans(),
    staleTime: Infinity,
  });
  const versionLabel = (kind: IpVersion) => {
    const name = kind === 'ipv4' ? 'IPv4' : 'IPv6';
    const plan = ipPlans.data?.find((item) => item.name.toLowerCase().includes(kind));
    return plan
      ? `${name} — ${translate('plans.per_month', { amount: formatVnd(plan.monthly_price) })}`
      : name;
  };
  const price = useQuery({
    queryKey: QUERY_KEYS.calculation(body),
    queryFn: () => dataProvider.calculatePrice(body as CalculationRequest),
    enabled: body !== null,
  });

  // Buying again after a lost answer sends the same key: the API answers that purchase again.
  const purchase = usePurchaseKey();
  const buy = useServerAction({
    mutationFn: () =>
      dataProvider.buyServerIps(
        server.id,
        { version, quantity },
        purchase.keyFor(`${server.id} ${version} ${quantity}`),
      ),
    successKey: 'servers.ips.bought',
    successArgs: { smart_count: quantity },
    failureKey: 'servers.ips.buy_failed',
    onSuccess: () => {
      purchase.settled();
      setConfirming(false);
      setFailure(null);
      setQuantityText('1');
      void refreshIdentity();
    },
    onError: (error) => {
      purchase.settled();
      setConfirming(false);
      setFailure({ status: errorStatus(error) });
    },
    onResultUnknown: () => {
      setConfirming(false);
      setFailure(null);
    },
  });
  const quote = validQuantity ? price.data : undefined;

  return (
    <Stack spacing={1.5} component="section" aria-label={translate('servers.ips.buy_title')}>
      <Typography variant="subtitle1" component="h2">
        {translate('servers.ips.buy_title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          label={translate('servers.ips.version')}
          value={version}
          onChange={(event) => setVersion(event.target.value as IpVersion)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="ipv4">{versionLabel('ipv4')}</MenuItem>
          <MenuItem value="ipv6">{versionLabel('ipv6')}</MenuItem>
        </TextField>
        <TextField
          type="number"
          label={translate('servers.ips.quantity')}
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
          error={!validQuantity}
          helperText={translate('servers.ips.quantity_help', { max: remaining })}
          slotProps={{ htmlInput: { min: 1, max: remaining, step: 1 } }}
        />
        <BusyButton
          variant="contained"
          busy={buy.isPending}
          disabled={!canAct || !quote || price.isFetching}
          onClick={() => setConfirming(true)}
          sx={{ mt: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('servers.ips.buy')}
        </BusyButton>
      </Stack>
      {quote ? (
        <div>
          <FirstPaymentNote payment={calculatedPayment(quote, true)} />
          <Typography variant="body2">{translate('first_payment.charged_now')}</Typography>
        </div>
      ) : null}
      {failure?.status === 402 && price.data ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={topUpPath(price.data.total)}
              onClick={() => rememberTopUpReturn(location.pathname + location.search)}
            >
              {translate('orders.top_up')}
            </Button>
          }
        >
          {translate('orders.balance_short_generic')}
        </Alert>
      ) : null}
      {confirming && quote ? (
        <Dialog
          open
          onClose={buy.isPending ? undefined : () => setConfirming(false)}
          aria-labelledby={confirmTitleId}
        >
          <DialogTitle id={confirmTitleId}>
            {translate('servers.ips.buy_confirm_title')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {translate('servers.ips.buy_confirm_text', {
                smart_count: quantity,
                version: version === 'ipv4' ? 'IPv4' : 'IPv6',
                name: server.name,
              })}
            </DialogContentText>
            <FirstPaymentNote payment={calculatedPayment(quote, true)} sx={{ mt: 1 }} />
            <Typography variant="body2">{translate('first_payment.charged_now')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={buy.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <BusyButton variant="contained" busy={buy.isPending} onClick={() => buy.mutateAsync()}>
              {translate('servers.ips.buy_confirm', { amount: formatVnd(quote.total) })}
            </BusyButton>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}
