import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { usePageTitle } from '../components/usePageTitle';

export function NotFoundPage() {
  const translate = useTranslate();
  const title = translate('app.page.not_found');
  usePageTitle(title);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('app.error.not_found_help')}</Typography>
        {/* A plain link to the full URL, as the spec names it: /idc/dashboard. */}
        <Button variant="contained" href="/idc/dashboard">
          {translate('app.action.go_dashboard')}
        </Button>
      </CardContent>
    </Card>
  );
}
