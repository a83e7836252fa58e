/** One line of a payment summary: a label on the left, an amount on the right. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function AmountRow(props: {
  label: string;
  value: string;
  muted?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography
        variant="body2"
        color={props.muted ? 'text.secondary' : undefined}
        sx={{ fontWeight: props.strong ? 700 : undefined }}
      >
        {props.label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={props.testId}
        sx={{ fontWeight: props.strong ? 700 : undefined, whiteSpace: 'nowrap' }}
      >
        {props.value}
      </Typography>
    </Stack>
  );
}
