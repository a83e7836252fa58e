/** /agency/activity: what happens in the agency's customer accounts (issue 20), each naming it. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { ActivityLog } from '../../components/ActivityLog';

export default function AgencyActivity() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('account.activity.agency_help')}
        </Typography>
        <ActivityLog source="agency" />
      </CardContent>
    </Card>
  );
}
