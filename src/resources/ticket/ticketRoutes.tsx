/** The ticket pages besides the list and the create form (paths relative to /ticket). */
import { lazy } from 'react';
import { Route } from 'react-router-dom';

const TicketDetailPage = lazy(() => import('./TicketDetailPage'));

export const ticketRoutes = (
  <>
    <Route path=":id/detail" element={<TicketDetailPage />} />
  </>
);
