/** The volume pages besides the list and the create form (paths relative to /volume). */
import { lazy } from 'react';
import { Route } from 'react-router-dom';

const VolumeDetailPage = lazy(() => import('./VolumeDetailPage'));

export const volumeRoutes = (
  <>
    <Route path=":id/detail" element={<VolumeDetailPage />} />
  </>
);
