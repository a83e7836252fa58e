/** The footer (spec §2): how to reach support, by phone and by e-mail. */
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { config } from '../config';

export function PortalFooter() {
  const translate = useTranslate();
  return (
    <Stack
      component="footer"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 3 }}
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}
    >
      <Typography variant="body2">
        {translate('shell.footer.hotline')}:{' '}
        <MuiLink href={`tel:${telephoneDigits(config.supportHotline)}`}>
          {config.supportHotline}
        </MuiLink>
      </Typography>
      <Typography variant="body2">
        {translate('shell.footer.email')}:{' '}
        <MuiLink href={`mailto:${config.supportEmail}`}>{config.supportEmail}</MuiLink>
      </Typography>
    </Stack>
  );
}

/** "1900 0000" → "19000000": tel: links carry no spaces. */
function telephoneDigits(hotline: string): string {
  return hotline.replace(/[^\d+]/g, '');
}
