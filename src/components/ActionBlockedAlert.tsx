/**
 * Why the customer's actions are blocked (spec §5), above a form or a detail page, with the one
 * thing to do about it: an ended trial is settled by paying its bill (the upgrade dialog, opened
 * on this page with `?upgrade=1`, see trialStep.ts), overdue invoices on the billing page. When
 * the trial's bill is all that is overdue, the notice names the trial alone.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import { blockedMessage } from '../domain/permissions';
import { trialBillWords, upgradeDialogPath, useTrialStep } from './trialStep';
import type { ActionPermission } from './useActionPermission';

export function ActionBlockedAlert({ permission }: { permission: ActionPermission }) {
  const translate = useTranslate();
  const location = useLocation();
  const step = useTrialStep();
  if (permission.allowed) return null;
  const trialEnded = permission.reasons.includes('trial_expired') && step?.expired === true;
  // The trial's bill is the overdue invoice: one reason, one step.
  const reasons =
    trialEnded && step.otherOverdue !== true
      ? permission.reasons.filter((reason) => reason !== 'overdue_invoices')
      : permission.reasons;
  const message = blockedMessage(reasons, translate);
  const overdueToo = reasons.includes('overdue_invoices');
  const action = trialEnded ? (
    <Button
      color="inherit"
      size="small"
      component={Link}
      to={upgradeDialogPath(location.pathname, location.search)}
    >
      {translate('shell.trial_step.pay_bill')}
    </Button>
  ) : overdueToo ? (
    <Button color="inherit" size="small" component={Link} to="/billing">
      {translate('app.section.billing')}
    </Button>
  ) : undefined;
  return (
    // The action goes under the message, not beside it: a phone keeps the message readable.
    <Alert severity="error" sx={{ mb: 2 }}>
      <Typography variant="inherit" component="p">
        {message}
      </Typography>
      {trialEnded ? (
        <Typography variant="inherit" component="p" sx={{ mt: 0.5 }}>
          {trialBillWords(translate, {
            trialEnd: step.endDate,
            amount: step.amount,
            period: step.period,
          })}
        </Typography>
      ) : null}
      {action ? (
        <Typography variant="inherit" component="div" sx={{ mt: 0.5, ml: -0.5 }}>
          {action}
        </Typography>
      ) : null}
    </Alert>
  );
}
