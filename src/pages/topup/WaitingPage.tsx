import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { usePageTitle } from '../../components/usePageTitle';

/** A payment page while it waits for the server: a spinner and what it waits for, as the title. */
export function WaitingPage({ textKey }: { textKey: string }) {
  const translate = useTranslate();
  const text = translate(textKey);
  usePageTitle(text);
  return (
    <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>
      <Title title={text} />
      <Stack spacing={2} alignItems="center" role="status">
        <CircularProgress aria-hidden />
        <Typography>{text}</Typography>
      </Stack>
    </Box>
  );
}
