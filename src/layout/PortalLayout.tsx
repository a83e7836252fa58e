/**
 * The signed-in shell (spec §2 "Main shell"): react-admin's Layout (PortalFrame.tsx) with the
 * portal's header and sidebar, the account banners above every page and the support footer
 * below. It also holds the session gate (unverified e-mail → /verify, identity outage → /500),
 * the sidebar's automatic collapse and the live-chat widget.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Sidebar, useSidebarState, type LayoutProps, type SidebarProps } from 'react-admin';

import { PortalErrorPage } from '../components/PortalErrorPage';
import { config } from '../config';
import { AccountBanners } from './AccountBanners';
import { useLiveChat } from './liveChat';
import { PortalAppBar } from './PortalAppBar';
import { PortalFooter } from './PortalFooter';
import { PortalFrame } from './PortalFrame';
import { PortalMenu } from './PortalMenu';
import { useAutoCollapseSidebar } from './useAutoCollapseSidebar';
import { displayName, usePortalIdentity } from './usePortalIdentity';
import { useSessionGate } from './useSessionGate';

const DEFAULT_SIDEBAR = { width: 240, closedWidth: 55 };

/**
 * react-admin's sidebar, minus its full-height placeholder: the visible part is fixed anyway,
 * and without the placeholder a short page leaves room for the footer inside the window. It
 * collapses and reopens with the window's width (useAutoCollapseSidebar).
 */
function PortalSidebar(props: SidebarProps) {
  const [open] = useSidebarState();
  const followsWindow = useAutoCollapseSidebar();
  return <Sidebar {...props} open={open && followsWindow} sx={{ height: 'auto' }} />;
}

export function PortalLayout({ children }: LayoutProps) {
  const { identity, error, refetch } = usePortalIdentity();
  const [sidebarOpen] = useSidebarState();
  const theme = useTheme();
  const sidebar = { ...DEFAULT_SIDEBAR, ...theme.sidebar };

  useSessionGate(identity, error);
  useLiveChat(
    config.liveChatScriptUrl,
    identity ? { name: displayName(identity), email: identity.email } : undefined,
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <PortalFrame
        appBar={PortalAppBar}
        menu={PortalMenu}
        sidebar={PortalSidebar}
        appBarAlwaysOn
        error={PortalErrorPage}
        sx={{ minHeight: 0, flexGrow: 1 }}
      >
        <AccountBanners identity={identity} refreshIdentity={refetch} />
        {children}
      </PortalFrame>
      {/* Outside react-admin's <main>, so it is the page's footer landmark; it starts where the
          (fixed) sidebar ends. */}
      <Box
        sx={{
          ml: { xs: 0, sm: `${sidebarOpen ? sidebar.width : sidebar.closedWidth}px` },
          transition: theme.transitions.create('margin-left'),
        }}
      >
        <PortalFooter />
      </Box>
    </Box>
  );
}
