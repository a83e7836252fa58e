import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

import type { UserInfo } from '../authProvider/sessionStore';
import { usePageTitle } from '../components/usePageTitle';
import { formatVnd } from '../domain/money';

export function DashboardPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = identity as (UserInfo & { fullName: string }) | undefined;
  const title = translate('app.page.dashboard');
  usePageTitle(title);

  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        {user ? translate('app.dashboard.welcome', { name: user.fullName }) : title}
      </Typography>
      {user ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Figure label={translate('app.dashboard.balance')} value={formatVnd(user.balance)} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Figure
              label={translate('app.dashboard.unpaid')}
              value={formatVnd(user.unpaid_amount)}
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}
