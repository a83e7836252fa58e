/** Spec §4: resize, rebuild and delete take a while; the customer is told before and after. */
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

import { SERVER_BUILD_MINUTES } from './serverConstants';

export function WaitNotice() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('servers.wait_notice', SERVER_BUILD_MINUTES)}</Alert>;
}
