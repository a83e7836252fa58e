import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'react-admin';

/**
 * What a page shows while its code or its first data arrive: a named spinner, where
 * react-admin's <Loading> has an unnamed one that screen readers announce as "progress bar".
 */
export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
