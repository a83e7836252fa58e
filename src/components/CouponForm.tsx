/**
 * The coupon field of a payment: the code, Apply (checks it, one call per press), what was
 * accepted or why not, and Remove. The state and the rules are useCouponCheck's.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

import { BusyButton } from './BusyButton';
import type { CouponCheck } from './useCouponCheck';

/** Message keys of the field, per screen. */
export interface CouponFormMessages {
  label: string;
  /** With `%{code}`. */
  applied: string;
  unchecked: string;
  apply: string;
  remove: string;
}

export function CouponForm(props: {
  coupon: CouponCheck<unknown>;
  /** A payment is running: nothing may change under it. */
  paying: boolean;
  /** Also lock the typed code while it is being checked. */
  lockWhileChecking?: boolean;
  messages: CouponFormMessages;
}) {
  const { coupon, paying, messages } = props;
  const translate = useTranslate();
  const accepted = coupon.checked?.code;
  return (
    <Box component="form" onSubmit={coupon.submit} noValidate>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate(messages.label)}
          value={coupon.codeInput}
          disabled={props.lockWhileChecking ? coupon.isChecking || paying : undefined}
          onChange={(event) => coupon.changeCode(event.target.value)}
          error={coupon.error !== undefined}
          helperText={
            coupon.error ??
            (accepted
              ? translate(messages.applied, { code: accepted })
              : coupon.unchecked
                ? translate(messages.unchecked)
                : undefined)
          }
          autoComplete="off"
          sx={{ flexGrow: 1 }}
        />
        <BusyButton
          type="submit"
          variant="outlined"
          busy={coupon.isChecking}
          disabled={!coupon.typedCode || paying}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
        >
          {translate(messages.apply)}
        </BusyButton>
      </Stack>
      {accepted ? (
        <Button size="small" disabled={paying} onClick={coupon.remove}>
          {translate(messages.remove)}
        </Button>
      ) : null}
    </Box>
  );
}
