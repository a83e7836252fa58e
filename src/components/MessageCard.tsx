import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

import { usePageTitle } from './usePageTitle';

/** A signed-in page that only says something: a heading, a text, perhaps an action. */
export function MessageCard(props: { title: string; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={props.title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}
