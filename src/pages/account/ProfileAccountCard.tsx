/**
 * An account card built on the profile: one read (shared by every such card through its query
 * key), a progress bar while it loads, a retry when it fails, then the card's own content.
 */
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { LoadFailed } from '../../components/LoadFailed';
import type { PortalDataProvider, Profile } from '../../dataProvider/dataProvider';
import { AccountCard } from './AccountCard';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';

export function ProfileAccountCard(props: {
  id: string;
  title: string;
  children: (profile: Profile) => ReactNode;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const profile = useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.profile,
    queryFn: () => dataProvider.getProfile(),
  });

  let content;
  if (profile.isPending) {
    content = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else if (profile.isError) {
    content = (
      <LoadFailed
        error={profile.error}
        onRetry={() => profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else {
    content = props.children(profile.data);
  }
  return (
    <AccountCard id={props.id} title={props.title}>
      {content}
    </AccountCard>
  );
}
