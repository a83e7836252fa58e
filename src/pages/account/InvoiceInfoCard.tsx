/**
 * The details printed on VAT invoices (spec §3): company, tax code (the shared Vietnamese rule),
 * the tax-registered and billing addresses, a billing e-mail and phone. Every field may stay
 * empty; an emptied field is cleared (sent as null).
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { QueryContent } from '../../components/QueryContent';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { InvoiceInfo, PortalDataProvider } from '../../dataProvider/dataProvider';
import { validateTaxCode } from '../../domain/taxCode';
import { validateEmail } from '../../domain/validation';
import { AccountCard } from './AccountCard';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';
import { submitFailure } from '../../components/submitFailure';

type Field = keyof InvoiceInfo;
type Values = Record<Field, string>;

const FIELDS: { name: Field; autoComplete: string; multiline?: boolean; type?: string }[] = [
  { name: 'company_name', autoComplete: 'organization' },
  { name: 'tax_code', autoComplete: 'off' },
  { name: 'tax_address', autoComplete: 'street-address', multiline: true },
  { name: 'billing_address', autoComplete: 'street-address', multiline: true },
  { name: 'billing_email', autoComplete: 'email', type: 'email' },
  { name: 'billing_phone', autoComplete: 'tel', type: 'tel' },
];

const RULES: Partial<Record<Field, (value: string) => string | undefined>> = {
  tax_code: validateTaxCode,
  billing_email: (value) => (value.trim() ? validateEmail(value) : undefined),
};

export function InvoiceInfoCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const info = useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.invoiceInfo,
    queryFn: () => dataProvider.getInvoiceInfo(),
  });

  return (
    <AccountCard id="account-invoice-info" title={translate('account.invoice_info.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('account.invoice_info.help')}
      </Typography>
      <QueryContent query={info}>{(data) => <InvoiceInfoForm info={data} />}</QueryContent>
    </AccountCard>
  );
}

function InvoiceInfoForm({ info }: { info: InvoiceInfo }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const [values, setValues] = useState<Values>(() => toValues(info));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const save = useMutation({ mutationFn: dataProvider.updateInvoiceInfo });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitError(undefined);
    const problems: Partial<Record<Field, string>> = {};
    for (const [field, rule] of Object.entries(RULES) as [Field, (v: string) => string][]) {
      const key = rule(values[field]);
      if (key) problems[field] = translate(key);
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const saved = await save.mutateAsync(toRequest(values));
      queryClient.setQueryData(ACCOUNT_QUERY_KEYS.invoiceInfo, saved);
      setValues(toValues(saved));
      notify.success('account.invoice_info.saved');
    } catch (error) {
      const failure = submitFailure(error, translate);
      setErrors(failure.fields);
      setSubmitError(failure.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={1}>
        {FIELDS.map(({ name, autoComplete, multiline, type }) => (
          <TextField
            key={name}
            name={name}
            label={translate(`account.invoice_info.${name}`)}
            autoComplete={autoComplete}
            type={type}
            multiline={multiline}
            value={values[name]}
            onChange={(event) => {
              setValues({ ...values, [name]: event.target.value });
              setErrors({ ...errors, [name]: undefined });
            }}
            error={Boolean(errors[name])}
            helperText={
              errors[name] ??
              (name === 'tax_code' ? translate('account.invoice_info.tax_code_help') : ' ')
            }
            fullWidth
          />
        ))}
        {submitError ? <Alert severity="error">{submitError}</Alert> : null}
        <div>
          <BusyButton type="submit" variant="contained" busy={save.isPending}>
            {translate('account.invoice_info.save')}
          </BusyButton>
        </div>
      </Stack>
    </form>
  );
}

function toValues(info: InvoiceInfo): Values {
  return Object.fromEntries(
    Object.entries(info).map(([field, value]) => [field, value ?? '']),
  ) as Values;
}

/** An emptied field is cleared. */
function toRequest(values: Values): InvoiceInfo {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, value.trim() ? value.trim() : null]),
  ) as InvoiceInfo;
}
