/**
 * The frame of a create page's form: PortalForm (react-admin's <Form>) on a card, the page's inputs, the
 * submit button (a spinner while the call runs; a second press does nothing), Cancel back to the
 * list, and what the server says about a refused create — on the field it names when it names
 * one of the form's fields (nested ones too: `rules.0.port`), above the buttons otherwise. A
 * refused, failed or lost create keeps everything typed. The resource's own lists are read again
 * after a create, and after a lost answer too (the record may exist now: `findMade` finds it).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useCreate, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';

import { errorMessage, fieldErrors } from '../api/client';
import { serverNow } from '../api/serverClock';
import { BusyButton } from './BusyButton';
import { isLostAnswer } from './lostAnswer';
import { PortalForm } from './PortalForm';

type FormValues = Record<string, unknown>;

interface CreateFormProps<T extends RaRecord, V extends FormValues> {
  resource: string;
  /** The create call's body, from the form's values. */
  toBody: (values: V) => Partial<T> | FormValues;
  /** What the created record leads to: a toast, its page, the list. */
  onCreated: (record: T) => void;
  defaultValues?: V;
  submitKey: string;
  submitIcon: ReactNode;
  /** Where Cancel goes: the list. */
  cancelTo: string;
  /** Queries besides the resource's own that show the new record. */
  alsoRefresh?: QueryKey[];
  /**
   * After a lost answer: the record this create made, if it was made — the one that has the
   * typed values' unique name and was created since `since` (the sandbox's clock) — so the
   * create ends as it would have, instead of a retry refused as a duplicate.
   */
  findMade?: (values: V, since: Date) => Promise<T | undefined>;
  /** The inputs. */
  children: ReactNode;
}

export function CreateForm<T extends RaRecord, V extends FormValues = FormValues>({
  resource,
  toBody,
  onCreated,
  defaultValues,
  submitKey,
  submitIcon,
  cancelTo,
  alsoRefresh = [],
  findMade,
  children,
}: CreateFormProps<T, V>) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [create, { isPending }] = useCreate<T>();
  const [submitError, setSubmitError] = useState<string>();
  const submitting = useRef(false);
  const refresh = () =>
    Promise.all(
      [[resource], ...alsoRefresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  const submit = async (values: FormValues) => {
    if (submitting.current) return undefined;
    submitting.current = true;
    setSubmitError(undefined);
    // A minute's leeway: the sandbox's clock, as the portal knows it, may lag a little.
    const since = new Date(serverNow().getTime() - 60_000);
    try {
      const data = toBody(values as V) as Partial<T>;
      const record = await create(resource, { data }, { returnPromise: true });
      await refresh();
      onCreated(record as T);
      return undefined;
    } catch (error) {
      if (isLostAnswer(error)) {
        await refresh();
        const made = await findMade?.(values as V, since).catch(() => undefined);
        if (made) onCreated(made);
        else setSubmitError(translate('app.error.result_unknown'));
        return undefined;
      }
      const errors = fieldErrors(error);
      const onFields = Object.fromEntries(
        Object.entries(errors).filter(([field]) => (field.split('.')[0] as string) in values),
      );
      if (Object.keys(onFields).length === 0) {
        setSubmitError(errorMessage(error, translate));
      }
      return onFields;
    } finally {
      submitting.current = false;
    }
  };

  return (
    <PortalForm onSubmit={submit} defaultValues={defaultValues}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            {children}
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <BusyButton type="submit" variant="contained" busy={isPending} startIcon={submitIcon}>
                {translate(submitKey)}
              </BusyButton>
              <Button component={Link} to={cancelTo}>
                {translate('ra.action.cancel')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </PortalForm>
  );
}
