/** The account's activity log on /account (issue 20), the width of the page. */
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { ActivityLog } from '../../components/ActivityLog';
import { AccountCard } from './AccountCard';

export function ActivityCard() {
  const translate = useTranslate();
  return (
    <AccountCard id="account-activity" title={translate('account.activity.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('account.activity.help')}
      </Typography>
      <ActivityLog source="account" />
    </AccountCard>
  );
}
