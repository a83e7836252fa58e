/**
 * The billing interval, 1, 3, 6 or 12 months (spec §9), as one row of toggle buttons: a plain
 * control for the plans page and a form input for the server and volume create forms (one
 * control for the period everywhere).
 */
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useInput, useTranslate } from 'react-admin';

import { INTERVAL_COUNTS, isIntervalCount, type IntervalCount } from '../domain/pricing';

interface IntervalToggleProps {
  value: IntervalCount;
  onChange: (interval: IntervalCount) => void;
  label: string;
  disabled?: boolean;
}

export function IntervalToggle({ value, onChange, label, disabled }: IntervalToggleProps) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(_event, next: unknown) => {
        // A press on the selected button answers null: the interval stays.
        if (isIntervalCount(next)) onChange(next);
      }}
    >
      {INTERVAL_COUNTS.map((count) => (
        // Narrower padding on a phone: four English labels ("12 months") fit in 375 px.
        <ToggleButton key={count} value={count} sx={{ px: { xs: 1, sm: 2 } }}>
          {translate('plans.months', { smart_count: count })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The same control bound to a react-admin form field. */
export function IntervalInput({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source });
  return (
    <IntervalToggle
      value={isIntervalCount(field.value) ? field.value : INTERVAL_COUNTS[0]}
      onChange={field.onChange}
      label={label}
    />
  );
}
