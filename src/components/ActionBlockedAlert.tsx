/** Why the customer's actions are blocked (spec §5), above a form or a detail page. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import type { ActionPermission } from './useActionPermission';

export function ActionBlockedAlert({ permission }: { permission: ActionPermission }) {
  const translate = useTranslate();
  if (permission.allowed) return null;
  // Overdue invoices and an ended trial are settled on the billing page.
  const canSettle = permission.reasons.some((reason) => reason !== 'unverified_email');
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        canSettle ? (
          <Button color="inherit" size="small" component={Link} to="/billing">
            {translate('app.section.billing')}
          </Button>
        ) : undefined
      }
    >
      {permission.message}
    </Alert>
  );
}
