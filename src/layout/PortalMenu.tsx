/**
 * The sidebar (spec §2 "Main shell"): the product logo, the sections, the account links, sign
 * out and a collapse toggle. When collapsed only the icons show, each with its name as tooltip.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudIcon from '@mui/icons-material/Cloud';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import HandshakeIcon from '@mui/icons-material/Handshake';
import LogoutIcon from '@mui/icons-material/Logout';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SellIcon from '@mui/icons-material/Sell';
import StorageIcon from '@mui/icons-material/Storage';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement } from 'react';
import { CanAccess, useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import { config } from '../config';
import { signOut } from './signOut';

interface MenuEntry {
  id: string;
  to: string;
  labelKey: string;
  icon: ReactElement;
}

const TOP_ITEMS: MenuEntry[] = [
  { id: 'dashboard', to: '/dashboard', labelKey: 'app.section.dashboard', icon: <DashboardIcon /> },
  { id: 'plans', to: '/cloud-server/plans', labelKey: 'app.section.plans', icon: <SellIcon /> },
  {
    id: 'cloud-server',
    to: '/cloud-server',
    labelKey: 'app.section.cloud-server',
    icon: <DnsIcon />,
  },
  { id: 'volume', to: '/volume', labelKey: 'app.section.volume', icon: <StorageIcon /> },
  { id: 'snapshot', to: '/snapshot', labelKey: 'app.section.snapshot', icon: <PhotoCameraIcon /> },
  { id: 'ssh-keys', to: '/ssh-keys', labelKey: 'app.section.ssh-keys', icon: <VpnKeyIcon /> },
  { id: 'ticket', to: '/ticket', labelKey: 'app.section.ticket', icon: <ConfirmationNumberIcon /> },
];

const AGENCY_ITEM: MenuEntry = {
  id: 'agency',
  to: '/agency',
  labelKey: 'app.section.agency',
  icon: <HandshakeIcon />,
};

const BOTTOM_ITEMS: MenuEntry[] = [
  { id: 'account', to: '/account', labelKey: 'app.section.account', icon: <AccountCircleIcon /> },
  { id: 'billing', to: '/billing', labelKey: 'app.section.billing', icon: <ReceiptLongIcon /> },
];

export function PortalMenu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const active = activeMenuItem(pathname);
  const toggleLabel = translate(open ? 'shell.menu.collapse' : 'shell.menu.expand');

  return (
    <Box
      component="nav"
      aria-label={translate('shell.menu.label')}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        width: open ? (theme.sidebar?.width ?? 240) : (theme.sidebar?.closedWidth ?? 55),
        transition: theme.transitions.create('width'),
      })}
    >
      <Link
        to="/dashboard"
        style={{ color: 'inherit', textDecoration: 'none' }}
        aria-label={`${config.productName} – ${translate('app.section.dashboard')}`}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <CloudIcon color="primary" aria-hidden />
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
            {config.productName}
          </Typography>
        </Box>
      </Link>
      <List dense disablePadding>
        {TOP_ITEMS.map((item) => (
          <SidebarLink key={item.id} item={item} active={active === item.id} />
        ))}
        <CanAccess resource="agency" action="list" error={null}>
          <SidebarLink item={AGENCY_ITEM} active={active === AGENCY_ITEM.id} />
        </CanAccess>
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <List dense disablePadding>
        {BOTTOM_ITEMS.map((item) => (
          <SidebarLink key={item.id} item={item} active={active === item.id} />
        ))}
        <ListItem disablePadding>
          <WithTooltip title={translate('shell.menu.sign_out')} show={!open}>
            <ListItemButton onClick={() => void signOut()}>
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={translate('shell.menu.sign_out')} slotProps={noWrap} />
            </ListItemButton>
          </WithTooltip>
        </ListItem>
      </List>
      <Box sx={{ display: 'flex', justifyContent: open ? 'flex-end' : 'center', p: 0.5 }}>
        <Tooltip title={toggleLabel} placement="right">
          <IconButton onClick={() => setOpen(!open)} aria-label={toggleLabel} aria-expanded={open}>
            {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

const noWrap = { primary: { noWrap: true } } as const;

function SidebarLink({ item, active }: { item: MenuEntry; active: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  // On phones the sidebar is a drawer over the page: close it once a section is chosen.
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate(item.labelKey);
  return (
    <ListItem disablePadding>
      <WithTooltip title={label} show={!open}>
        <ListItemButton
          component={Link}
          to={item.to}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={() => {
            if (isPhone) setOpen(false);
          }}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText primary={label} slotProps={noWrap} />
        </ListItemButton>
      </WithTooltip>
    </ListItem>
  );
}

/** When the sidebar shows icons only, their names appear as tooltips. */
function WithTooltip({
  title,
  show,
  children,
}: {
  title: string;
  show: boolean;
  children: ReactElement;
}) {
  if (!show) return children;
  return (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  );
}

/** Which sidebar entry the path belongs to; the plans pages belong to Plans, not Cloud VPS. */
export function activeMenuItem(pathname: string): string | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === 'cloud-server' && (second === 'plans' || second === 'plan')) return 'plans';
  if (first === 'order') return 'billing';
  return first;
}
