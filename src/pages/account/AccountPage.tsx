/**
 * /account: the customer's profile, the verification of the e-mail and phone by one-time codes,
 * the password, the details printed on VAT invoices (spec §2, §3, §5, §7, §8) and whether
 * renewals are paid from the balance on their due date (issue 16). Each card loads
 * and fails on its own, so a failing invoice-info read does not hide the profile.
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { usePageTitle } from '../../components/usePageTitle';
import { ActivityCard } from './ActivityCard';
import { ApiTokensCard } from './ApiTokensCard';
import { AutoPayCard } from './AutoPayCard';
import { InvoiceInfoCard } from './InvoiceInfoCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { VerificationCard } from './VerificationCard';

export default function AccountPage() {
  const translate = useTranslate();
  const title = translate('account.title');
  usePageTitle(title);
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <VerificationCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InvoiceInfoCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AutoPayCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TwoFactorCard />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <SessionsCard />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ApiTokensCard />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ActivityCard />
        </Grid>
      </Grid>
    </Box>
  );
}
