/**
 * The sidebar (spec §2 "Main shell"): the product logo, the sections, the account links, sign
 * out and a collapse toggle. When collapsed only the icons show, each with its name as tooltip.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudIcon from '@mui/icons-material/Cloud';
import LogoutIcon from '@mui/icons-material/Logout';
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

import { activeMenuEntry, type MenuEntry } from '../components/portalRoutes';
import { config } from '../config';
import { MENU_ENTRIES } from '../portalResources';
import { signOut } from './signOut';

const MAIN_ENTRIES = MENU_ENTRIES.filter((entry) => entry.group === 'main');
const ACCOUNT_ENTRIES = MENU_ENTRIES.filter((entry) => entry.group === 'account');

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
        {MAIN_ENTRIES.map((item) => (
          <MenuLink key={item.id} item={item} active={active === item.id} />
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <List dense disablePadding>
        {ACCOUNT_ENTRIES.map((item) => (
          <MenuLink key={item.id} item={item} active={active === item.id} />
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

/** An entry, behind react-admin's access check when it declares one (the agency's). */
function MenuLink({ item, active }: { item: MenuEntry; active: boolean }) {
  if (!item.access) return <SidebarLink item={item} active={active} />;
  return (
    <CanAccess resource={item.access} action="list" error={null}>
      <SidebarLink item={item} active={active} />
    </CanAccess>
  );
}

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
          <ListItemIcon>
            <item.icon />
          </ListItemIcon>
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
export const activeMenuItem = (pathname: string) => activeMenuEntry(MENU_ENTRIES, pathname);
