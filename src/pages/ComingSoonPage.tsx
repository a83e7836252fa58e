import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { MessageCard } from '../components/MessageCard';

/** A section that a later release builds: says so plainly instead of showing invented data. */
export function ComingSoonPage({ section }: { section: string }) {
  const translate = useTranslate();
  return (
    <MessageCard title={translate(`app.section.${section}`)}>
      <Typography>{translate('app.coming_soon')}</Typography>
    </MessageCard>
  );
}
