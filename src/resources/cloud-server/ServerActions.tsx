/**
 * What can be done to the server on its detail page, grouped as cloud consoles group it: one main
 * power button (Start when it is off, Power off when it runs) and the rest in a "More actions"
 * menu, destructive items last and in red. Each item opens its dialog; closing the dialog puts the
 * focus back on the menu button. Only the actions that apply to the server's status are offered.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import LockResetIcon from '@mui/icons-material/LockReset';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SettingsBackupRestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import TerminalIcon from '@mui/icons-material/Terminal';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { AskSupportLink } from '../../components/AskSupportLink';
import { BusyButton } from '../../components/BusyButton';
import type { Server, ServerStatus } from '../../dataProvider/dataProvider';
import { consolePath } from './console/consoleRoute';
import { DeleteServerDialog } from './DeleteServerDialog';
import { RebuildServerDialog } from './RebuildServerDialog';
import { ResizeServerDialog } from './ResizeServerDialog';
import { isDeletable } from './serverConstants';
import {
  HardRebootDialog,
  PowerOffDialog,
  ResetPasswordDialog,
  SoftRebootDialog,
  usePowerAction,
} from './ServerPowerDialogs';

type DialogName =
  'power_off' | 'soft_reboot' | 'hard_reboot' | 'reset_password' | 'resize' | 'rebuild' | 'delete';

interface MenuAction {
  name: Exclude<DialogName, 'power_off'>;
  icon: ReactElement;
  /** Shown apart, in red: it destroys something. */
  destructive?: boolean;
  appliesTo: (status: ServerStatus) => boolean;
}

const RUNNING: ServerStatus[] = ['active'];
const AT_REST: ServerStatus[] = ['active', 'shutoff'];

const MENU_ACTIONS: MenuAction[] = [
  {
    name: 'soft_reboot',
    icon: <RestartAltIcon />,
    appliesTo: (status) => RUNNING.includes(status),
  },
  {
    name: 'hard_reboot',
    icon: <FlashOnIcon />,
    appliesTo: (status) => RUNNING.includes(status),
  },
  {
    name: 'reset_password',
    icon: <LockResetIcon />,
    appliesTo: (status) => RUNNING.includes(status),
  },
  { name: 'resize', icon: <OpenInFullIcon />, appliesTo: (status) => AT_REST.includes(status) },
  {
    name: 'rebuild',
    icon: <SettingsBackupRestoreIcon />,
    destructive: true,
    appliesTo: (status) => AT_REST.includes(status),
  },
  {
    name: 'delete',
    icon: <DeleteIcon />,
    destructive: true,
    appliesTo: isDeletable,
  },
];

export function ServerActions({ server, disabled }: { server: Server; disabled: boolean }) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const moreButtonId = useId();
  const closeDialog = () => {
    setDialog(null);
    document.getElementById(moreButtonId)?.focus();
  };
  const menuActions = MENU_ACTIONS.filter((action) => action.appliesTo(server.status));

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label={translate('servers.actions.label')}
    >
      {server.status === 'shutoff' ? <PowerOnButton server={server} disabled={disabled} /> : null}
      {server.status === 'active' ? (
        <Button
          variant="contained"
          color="warning"
          startIcon={<PowerSettingsNewIcon />}
          disabled={disabled}
          onClick={() => setDialog('power_off')}
        >
          {translate('servers.actions.power_off')}
        </Button>
      ) : null}
      {server.status === 'active' ? (
        // On a phone, the icon alone: power, console and the menu stay on one row at 375 px.
        <Button
          variant="outlined"
          startIcon={<TerminalIcon />}
          component={Link}
          to={consolePath(server.id)}
          aria-label={translate('servers.console.open', { name: server.name })}
          sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {translate('servers.console.button')}
          </Box>
        </Button>
      ) : null}
      {menuActions.length > 0 ? (
        <MoreActionsMenu
          buttonId={moreButtonId}
          actions={menuActions}
          disabled={disabled}
          onChoose={setDialog}
        />
      ) : null}
      <AskSupportLink subject={translate('tickets.subject.server', { name: server.name })} />
      {dialog === 'power_off' ? <PowerOffDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'soft_reboot' ? <SoftRebootDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'hard_reboot' ? <HardRebootDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'reset_password' ? (
        <ResetPasswordDialog server={server} onClose={closeDialog} />
      ) : null}
      {dialog === 'resize' ? <ResizeServerDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'rebuild' ? <RebuildServerDialog server={server} onClose={closeDialog} /> : null}
      {dialog === 'delete' ? <DeleteServerDialog server={server} onClose={closeDialog} /> : null}
    </Stack>
  );
}

function PowerOnButton({ server, disabled }: { server: Server; disabled: boolean }) {
  const translate = useTranslate();
  const powerOn = usePowerAction(server, 'power_on');
  return (
    <BusyButton
      variant="contained"
      startIcon={<PlayArrowIcon />}
      busy={powerOn.isPending}
      disabled={disabled}
      onClick={() => powerOn.mutateAsync()}
    >
      {translate('servers.actions.power_on')}
    </BusyButton>
  );
}

function mainLandmark(): HTMLElement | null {
  return document.querySelector('main');
}

/** MUI's Menu: arrow keys move, Escape closes and gives the focus back to the button. */
function MoreActionsMenu(props: {
  buttonId: string;
  actions: MenuAction[];
  disabled: boolean;
  onChoose: (name: DialogName) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const safe = props.actions.filter((action) => !action.destructive);
  const destructive = props.actions.filter((action) => action.destructive);
  const item = (action: MenuAction) => (
    <MenuItem
      key={action.name}
      onClick={() => {
        close();
        props.onChoose(action.name);
      }}
      sx={action.destructive ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={action.destructive ? { color: 'error.main' } : undefined}>
        {action.icon}
      </ListItemIcon>
      <ListItemText>{translate(`servers.actions.${action.name}`)}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Button
        id={props.buttonId}
        variant="outlined"
        endIcon={<MoreVertIcon />}
        disabled={props.disabled}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // Its own white ground: the primary blue keeps 4.5:1 contrast on the page's grey as well.
        sx={{ bgcolor: 'background.paper' }}
      >
        {translate('servers.actions.more')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={close}
        // Inside the page's main landmark, not at the end of <body> (axe "region"). Not
        // `disablePortal`: the modal would then hide the whole page, itself included, from
        // screen readers (aria-hidden on <body>'s children).
        container={mainLandmark}
        slotProps={{ list: { id: menuId, 'aria-labelledby': props.buttonId } }}
      >
        {safe.map(item)}
        {safe.length > 0 && destructive.length > 0 ? <Divider /> : null}
        {destructive.map(item)}
      </Menu>
    </>
  );
}
