import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { usePageTitle } from '../components/usePageTitle';

/** A section that a later release builds: says so plainly instead of showing invented data. */
export function ComingSoonPage({ section }: { section: string }) {
  const translate = useTranslate();
  const title = translate(`app.section.${section}`);
  usePageTitle(title);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography>{translate('app.coming_soon')}</Typography>
      </CardContent>
    </Card>
  );
}
