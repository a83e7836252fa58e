/**
 * The bench's yardstick (issue 21): a stock react-admin 5 list, written as react-admin's own
 * tutorial writes one — `<Admin>` with `ra-data-simple-rest`, one `<Resource>` whose `<List>` is
 * a `<DataTable>` of a few columns — and nothing tuned. `npm run bench` builds it with Vite in
 * production mode into a temporary folder (scripts/bench/stockList.ts) and serves it, with its
 * 1000 generated users at /api/users, from a server of its own. It is never part of the portal.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, DataTable, EmailField, List, Resource } from 'react-admin';

const dataProvider = simpleRestProvider('/api');

const UserList = () => (
  <List>
    <DataTable>
      <DataTable.Col source="id" />
      <DataTable.Col source="name" />
      <DataTable.Col source="username" />
      <DataTable.Col source="email">
        <EmailField source="email" />
      </DataTable.Col>
      <DataTable.Col source="phone" />
      <DataTable.Col source="company.name" />
    </DataTable>
  </List>
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Admin dataProvider={dataProvider}>
      <Resource name="users" list={UserList} />
    </Admin>
  </StrictMode>,
);
