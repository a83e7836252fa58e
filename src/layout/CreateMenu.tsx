/** The header's Create dropdown: the resources that declare an entry (server, volume, SSH key). */
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { CREATE_MENU_ENTRIES } from '../portalResources';

export function CreateMenu() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  const label = translate('shell.header.create');

  return (
    <>
      <Button
        id={buttonId}
        variant="contained"
        size="small"
        disableElevation
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={label}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {/* On phones only the + shows; the button keeps its name for screen readers. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // Inside the header's banner landmark, not at the end of <body> (axe "region"); see
        // ServerActions for why not `disablePortal`.
        container={bannerLandmark}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {CREATE_MENU_ENTRIES.map((item) => (
          <MenuItem key={item.to} component={Link} to={item.to} onClick={close}>
            {translate(item.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function bannerLandmark(): HTMLElement | null {
  return document.querySelector('header');
}
