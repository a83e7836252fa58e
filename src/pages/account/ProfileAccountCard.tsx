/**
 * An account card built on the profile: one read (shared by every such card through its query
 * key), a progress bar while it loads, a retry when it fails, then the card's own content
 * (QueryContent).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider } from 'react-admin';

import { QueryContent } from '../../components/QueryContent';
import type { PortalDataProvider, Profile } from '../../dataProvider/dataProvider';
import { AccountCard } from './AccountCard';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';

export function ProfileAccountCard(props: {
  id: string;
  title: string;
  children: (profile: Profile) => ReactNode;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const profile = useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.profile,
    queryFn: () => dataProvider.getProfile(),
  });

  return (
    <AccountCard id={props.id} title={props.title}>
      <QueryContent query={profile}>{props.children}</QueryContent>
    </AccountCard>
  );
}
