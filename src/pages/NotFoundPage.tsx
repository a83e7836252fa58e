import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { MessageCard } from '../components/MessageCard';

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <MessageCard title={translate('app.page.not_found')}>
      <Typography sx={{ mb: 2 }}>{translate('app.error.not_found_help')}</Typography>
      {/* A plain link to the full URL, as the spec names it: /idc/dashboard. */}
      <Button variant="contained" href="/idc/dashboard">
        {translate('app.action.go_dashboard')}
      </Button>
    </MessageCard>
  );
}
