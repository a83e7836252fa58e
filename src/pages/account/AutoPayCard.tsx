/**
 * Auto-pay of renewals (issue 16): on the due date of a renewal — or of the bill that ends a
 * trial — the invoice is paid from the balance when the balance covers it. One switch, saved at
 * once with PATCH /account/profile {auto_pay_renewals}, with a toast; a refused save puts the
 * switch back where it was and says why beside it; a lost answer reads the profile again, since
 * the change may have been made.
 */
import { errorMessage } from '../../api/client';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider, Profile } from '../../dataProvider/dataProvider';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';
import { ProfileAccountCard } from './ProfileAccountCard';

export function AutoPayCard() {
  const translate = useTranslate();
  return (
    <ProfileAccountCard id="account-auto-pay" title={translate('account.auto_pay.title')}>
      {(profile) => <AutoPaySwitch profile={profile} />}
    </ProfileAccountCard>
  );
}

function AutoPaySwitch({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const helpId = useId();
  // What the switch shows: the saved value, or the one being saved.
  const [shown, setShown] = useState(profile.auto_pay_renewals);
  const [failure, setFailure] = useState<string>();
  const save = useMutation({
    mutationFn: (autoPay: boolean) => dataProvider.updateProfile({ auto_pay_renewals: autoPay }),
  });

  const change = async (next: boolean) => {
    if (save.isPending) return;
    const before = shown;
    setShown(next);
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(next);
      queryClient.setQueryData(ACCOUNT_QUERY_KEYS.profile, saved);
      setShown(saved.auto_pay_renewals);
      notify.success(
        saved.auto_pay_renewals ? 'account.auto_pay.saved_on' : 'account.auto_pay.saved_off',
      );
    } catch (error) {
      setShown(before);
      if (isLostAnswer(error)) {
        notify.resultUnknown();
        // The change may have been made: show what the account holds now.
        const fresh = await queryClient
          .fetchQuery({
            queryKey: ACCOUNT_QUERY_KEYS.profile,
            queryFn: () => dataProvider.getProfile(),
            staleTime: 0,
          })
          .catch(() => undefined);
        if (fresh) setShown(fresh.auto_pay_renewals);
        return;
      }
      // Said beside the switch, which is back where it was.
      setFailure(
        translate('account.auto_pay.failed', {
          reason: errorMessage(error, translate),
        }),
      );
    }
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={shown}
            disabled={save.isPending}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={translate('account.auto_pay.label')}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('account.auto_pay.help')}
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
