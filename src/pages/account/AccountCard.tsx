/** One card of the account page: a heading, then a form or what the card is waiting for. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function AccountCard(props: { id: string; title: string; children: ReactNode }) {
  // On a card: the page's grey background is too dark for primary-coloured buttons and links.
  return (
    <Card variant="outlined" component="section" aria-labelledby={props.id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={props.id} gutterBottom>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}
