/**
 * The cloud-server pages besides the list and the create form, as routes inside the resource
 * (paths relative to /cloud-server): the plans, a plan's create form and a server's detail page.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';

const PlansPage = lazy(() => import('./PlansPage'));
const ServerCreatePage = lazy(() => import('./ServerCreatePage'));
const ServerDetailPage = lazy(() => import('./ServerDetailPage'));

export const serverRoutes = (
  <>
    <Route path="plans" element={<PlansPage />} />
    <Route path="plan/:id" element={<ServerCreatePage />} />
    <Route path=":id/detail" element={<ServerDetailPage />} />
  </>
);
