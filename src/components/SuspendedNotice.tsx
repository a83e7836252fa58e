/**
 * The line a suspended server or volume shows on its page: suspended because an invoice is
 * overdue (src/domain/serviceLife.ts), and paying it resumes the resource; a link leads to the
 * invoices. The sandbox refuses every action on it meanwhile, so none is offered.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function SuspendedNotice({ resource }: { resource: 'servers' | 'volumes' }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" component={Link} to="/billing">
          {translate(`${resource}.detail.pay`)}
        </Button>
      }
    >
      {translate(`${resource}.detail.suspended`)}
    </Alert>
  );
}
