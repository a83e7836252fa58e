/**
 * The header (spec §2 "Main shell"): breadcrumb, Create dropdown, unpaid amount, language
 * flags and the user menu. On phones, where the sidebar is a drawer, it also opens the menu.
 */
import MenuIcon from '@mui/icons-material/Menu';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MuiAppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocaleState, useSidebarState, useTranslate, type AppBarProps } from 'react-admin';
import { Link } from 'react-router-dom';

import { LanguageFlags } from '../components/LanguageFlags';
import { useSwitchLanguage } from '../i18n/LanguageSwitch';
import { isLocale } from '../i18n/locale';
import { formatVnd } from '../domain/money';
import { Breadcrumb } from './Breadcrumb';
import { CreateMenu } from './CreateMenu';
import { PortalUserMenu } from './PortalUserMenu';
import { displayName, usePortalIdentity } from './usePortalIdentity';

// react-admin's Layout passes `alwaysOn`; this header is always shown, so it is not used.
export function PortalAppBar(_props: AppBarProps) {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  const [locale] = useLocaleState();
  const switchLanguage = useSwitchLanguage();
  const [open, setOpen] = useSidebarState();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const unpaid = identity ? formatVnd(identity.unpaid_amount) : '';

  return (
    <MuiAppBar
      position="fixed"
      color="inherit"
      elevation={1}
      sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
    >
      <Toolbar
        variant={isPhone ? 'regular' : 'dense'}
        sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}
      >
        <IconButton
          color="inherit"
          edge="start"
          aria-label={translate('shell.menu.open')}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
          <Breadcrumb />
        </Box>
        <Box sx={{ flexGrow: 1, display: { xs: 'block', sm: 'none' } }} />
        <CreateMenu />
        {identity ? (
          <Button
            component={Link}
            to="/billing"
            color="inherit"
            aria-label={translate('shell.header.unpaid_label', { amount: unpaid })}
            sx={{
              textTransform: 'none',
              whiteSpace: 'nowrap',
              minWidth: 0,
              px: { xs: 0.5, sm: 1 },
            }}
          >
            {/* Always a visible meaning: the words from a laptop's width, a short label down to a
                tablet's, a receipt on a phone (the button's name says it in words). */}
            <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' }, mr: 0.5 }}>
              {translate('shell.header.unpaid')}
            </Box>
            <Box
              component="span"
              sx={{ display: { xs: 'none', sm: 'inline', lg: 'none' }, mr: 0.5 }}
            >
              {translate('shell.header.unpaid_short')}
            </Box>
            <ReceiptLongIcon
              fontSize="small"
              aria-hidden
              sx={{ display: { xs: 'inline-block', sm: 'none' }, mr: 0.25 }}
            />
            <Box component="span" sx={{ fontWeight: 600 }}>
              {unpaid}
            </Box>
          </Button>
        ) : null}
        <LanguageFlags
          locale={isLocale(locale) ? locale : 'vi'}
          onSelect={(next) => void switchLanguage(next)}
          labels={{ vi: translate('app.language.vi'), en: translate('app.language.en') }}
          groupLabel={translate('app.language.switch')}
        />
        {identity ? <PortalUserMenu name={displayName(identity)} /> : null}
      </Toolbar>
    </MuiAppBar>
  );
}
