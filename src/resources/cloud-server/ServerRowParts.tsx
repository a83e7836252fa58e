/**
 * The parts of a server-list row a customer with fifty servers works from without opening each
 * one: the name with its ID (copyable), the addresses (the first two shown, each copyable, the rest
 * behind "+17"), and the quick actions (power on/off and reboot through the same dialogs as the
 * server's page, and the console of a running server). A press on any of them never opens the
 * row's page, dialogs included (React passes their clicks up through the row).
 */
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import TerminalIcon from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { CopyableId, CopyButton } from '../../components/CopyButton';
import type { Server, ServerPowerAction, ServerStatus } from '../../dataProvider/dataProvider';
import {
  HardRebootDialog,
  PowerOffDialog,
  SoftRebootDialog,
  usePowerAction,
} from './ServerPowerDialogs';
import { addressesOf } from './serverText';

/** Addresses a row shows before "+N". */
export const ADDRESSES_SHOWN = 2;

/** Which power actions a server in this status takes (the sandbox refuses the others). */
export function powerActionsFor(status: ServerStatus): ServerPowerAction[] {
  if (status === 'shutoff') return ['power_on'];
  if (status === 'active') return ['power_off', 'soft_reboot', 'hard_reboot'];
  return [];
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** Keeps every click inside (dialogs and menus too) from reaching the row. */
function InRow({ children }: { children: ReactNode }) {
  return (
    <Box component="span" onClick={stop} sx={{ display: 'inline-flex', alignItems: 'center' }}>
      {children}
    </Box>
  );
}

export function ServerNameCell({ server }: { server: Server }) {
  return (
    <Stack spacing={0}>
      <MuiLink
        component={Link}
        to={`/cloud-server/${server.id}/detail`}
        onClick={stop}
        sx={{ fontWeight: 600, wordBreak: 'break-all' }}
      >
        {server.name}
      </MuiLink>
      <CopyableId id={server.id} name={server.name} />
    </Stack>
  );
}

export function ServerAddressesCell({ server }: { server: Server }) {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const all = addressesOf(server);
  if (all.length === 0) return <>—</>;
  const hidden = all.length - ADDRESSES_SHOWN;
  const shown = expanded || hidden <= 0 ? all : all.slice(0, ADDRESSES_SHOWN);
  return (
    <Stack spacing={0} id={listId} sx={{ alignItems: 'flex-start' }}>
      {shown.map((address) => (
        <Stack key={address} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" component="span" sx={{ wordBreak: 'break-all' }}>
            {address}
          </Typography>
          <InRow>
            <CopyButton
              value={address}
              what={translate('lists.servers.ip_of', { ip: address, name: server.name })}
            />
          </InRow>
        </Stack>
      ))}
      {hidden > 0 ? (
        <InRow>
          <Tooltip title={expanded ? '' : all.slice(ADDRESSES_SHOWN).join(', ')}>
            <Button
              size="small"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-label={
                expanded
                  ? translate('lists.more.hide')
                  : translate('lists.more.show_label', { smart_count: hidden })
              }
              onClick={() => setExpanded(!expanded)}
              sx={{ minWidth: 0, px: 0.5, py: 0 }}
            >
              {expanded
                ? translate('lists.more.hide')
                : translate('lists.more.show', { smart_count: hidden })}
            </Button>
          </Tooltip>
        </InRow>
      ) : null}
    </Stack>
  );
}

type PowerDialog = 'power_off' | 'soft_reboot' | 'hard_reboot';

export function ServerRowActions({ server }: { server: Server }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<PowerDialog | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const powerOn = usePowerAction(server, 'power_on');
  const actions = powerActionsFor(server.status);
  const open = anchor !== null;
  const choose = (action: ServerPowerAction) => {
    setAnchor(null);
    if (action === 'power_on') powerOn.mutate();
    else setDialog(action);
  };
  const closeDialog = () => {
    setDialog(null);
    document.getElementById(buttonId)?.focus();
  };

  return (
    <InRow>
      <Tooltip title={translate('lists.servers.power_menu', { name: server.name })}>
        {/* A span, so the tooltip still works while the button is disabled. */}
        <span>
          <IconButton
            id={buttonId}
            size="small"
            aria-label={translate('lists.servers.power_menu', { name: server.name })}
            aria-haspopup="menu"
            aria-controls={open ? menuId : undefined}
            aria-expanded={open ? true : undefined}
            disabled={actions.length === 0 || powerOn.isPending}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <PowerSettingsNewIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        // Inside the page's main landmark, not at the end of <body> (axe "region").
        container={() => document.querySelector('main')}
        slotProps={{ list: { id: menuId, 'aria-labelledby': buttonId } }}
      >
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            <ListItemText>{translate(`servers.actions.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {server.status === 'active' ? (
        <Tooltip title={translate('servers.console.open', { name: server.name })}>
          <IconButton
            size="small"
            component={Link}
            to={`/cloud-server/${server.id}/console`}
            aria-label={translate('servers.console.open', { name: server.name })}
          >
            <TerminalIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {dialog === 'power_off' ? <PowerOffDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'soft_reboot' ? <SoftRebootDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'hard_reboot' ? <HardRebootDialog server={server} onClose={closeDialog} /> : null}
    </InRow>
  );
}
