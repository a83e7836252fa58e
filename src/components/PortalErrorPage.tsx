/**
 * What the signed-in portal shows instead of a page that failed to render (react-admin's error
 * page, replaced): when the page's code could not be downloaded because the server is out of
 * reach, "cannot reach our service" and a Retry that reloads; for any other failure the translated
 * "something went wrong", with the same Retry.
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate, type ErrorProps } from 'react-admin';

import { isChunkLoadError, reloadPage } from './chunkLoadError';
import { MessageCard } from './MessageCard';
import { useScreenReady } from './useScreenReady';

export function PortalErrorPage({ error }: ErrorProps) {
  useScreenReady();
  const translate = useTranslate();
  const unreachable = isChunkLoadError(error);
  return (
    <MessageCard title={translate(unreachable ? 'app.error.unreachable_title' : 'ra.page.error')}>
      <Typography role="alert" sx={{ mb: 2 }}>
        {translate(unreachable ? 'app.error.network' : 'app.error.generic')}
      </Typography>
      <Button variant="contained" onClick={reloadPage}>
        {translate('app.action.retry')}
      </Button>
    </MessageCard>
  );
}
