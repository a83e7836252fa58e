/**
 * The recipe "a new resource" (docs/architecture.md) as a program: it adds a resource of named
 * records to every layer, ready to run and to grow.
 *
 *   npx tsx scripts/new-resource.ts --name note --plural notes --api /support/notes \
 *     --label-vi "Ghi chú" --label-en "Notes"
 *
 * It writes
 *   - the contract: a tag, the paths (list with search, create, read, delete) and the schemas,
 *     each with an example, above the `# new-resource:` lines of openapi/openapi.yaml;
 *   - a sandbox area `server/<plural>/` (its table, handlers and test), which server/handlers.ts
 *     and the import rules of eslint.config.js find as a folder of server/;
 *   - the portal folder `src/resources/<name>/` (declaration, list, create form, record page,
 *     delete, screen test) and its RESOURCES entry in src/portalResources.ts;
 *   - a message group `<plural>` in src/i18n/vi.ts and en.ts.
 * Then run `npm run gen:api`. tests/unit/newResourceRecipe.test.ts runs it in a copy of the
 * repository and checks the result with lint, the typecheck and the tests it wrote, so the recipe
 * cannot drift from the code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

import * as prettier from 'prettier';

interface Names {
  /** react-admin resource and route: `note` → /note */
  name: string;
  /** The collection: `notes` (area folder, table, tag, message group) */
  plural: string;
  /** The API collection path, e.g. /support/notes */
  api: string;
  labelVi: string;
  labelEn: string;
  Pascal: string;
  camel: string;
  PluralPascal: string;
}

const MARK = '# new-resource:';
const TS_MARK = '// new-resource:';

/** Adds the resource under `root` and formats what it wrote; answers the paths it wrote. */
export async function scaffoldResource(root: string, names: Names): Promise<string[]> {
  const written = writeResource(root, names);
  for (const path of written) {
    const file = join(root, path);
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(
      file,
      await prettier.format(readFileSync(file, 'utf8'), { ...options, filepath: file }),
    );
  }
  return written;
}

function writeResource(root: string, names: Names): string[] {
  const written: string[] = [];
  const write = (path: string, text: string) => {
    const file = join(root, path);
    if (existsSync(file)) throw new Error(`${path} exists already`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path);
  };
  const edit = (path: string, change: (text: string) => string) => {
    const file = join(root, path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
    written.push(path);
  };

  edit('openapi/openapi.yaml', (text) =>
    above(
      above(
        above(text, `  ${MARK} tags`, contractTag(names)),
        `  ${MARK} paths`,
        contractPaths(names),
      ),
      `    ${MARK} schemas`,
      contractSchemas(names),
    ),
  );

  const area = `server/${names.plural}`;
  write(`${area}/index.ts`, areaIndex(names));
  write(`${area}/${names.plural}.ts`, areaRecords(names));
  write(`${area}/${names.camel}Handlers.ts`, areaHandlers(names));
  write(`${area}/${names.camel}Handlers.test.ts`, areaTest(names));

  const folder = `src/resources/${names.name}`;
  write(`${folder}/index.ts`, portalDeclaration(names));
  write(`${folder}/${names.Pascal}List.tsx`, portalList(names));
  write(`${folder}/${names.Pascal}CreatePage.tsx`, portalCreate(names));
  write(`${folder}/${names.Pascal}DetailPage.tsx`, portalDetail(names));
  write(`${folder}/${names.camel}Model.ts`, portalModel(names));
  write(`${folder}/${names.name}.test.tsx`, portalTest(names));
  edit('src/portalResources.ts', (text) =>
    above(
      above(
        text,
        `${TS_MARK} resource imports`,
        `import { ${names.camel} } from './resources/${names.name}';\n`,
      ),
      `  ${TS_MARK} resources`,
      `  ${names.camel},\n`,
    ),
  );

  edit('src/i18n/vi.ts', (text) => beforeLastClose(text, messages(names, 'vi')));
  edit('src/i18n/en.ts', (text) => beforeLastClose(text, messages(names, 'en')));
  return written;
}

/** Inserts `block` before the line holding `marker`. */
function above(text: string, marker: string, block: string): string {
  const at = text.indexOf(`${marker}`);
  if (at < 0) throw new Error(`The line "${marker.trim()}" is missing`);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  return text.slice(0, lineStart) + block + text.slice(lineStart);
}

/** Inserts `block` before the message file's closing `};`. */
function beforeLastClose(text: string, block: string): string {
  const at = text.lastIndexOf('\n};');
  if (at < 0) throw new Error('The message file does not end with "};"');
  return `${text.slice(0, at + 1)}${block}${text.slice(at + 1)}`;
}

// ---- the contract ----

const contractTag = (n: Names) => `  - name: ${n.plural}
    description: ${n.labelEn} (our extension, not in the provider's spec)
`;

const EXAMPLE_CREATED = '2026-03-02T14:05:00+07:00';

function contractPaths(n: Names): string {
  const example = `id: 1
                name: ${n.name}-hanoi-01
                created: '${EXAMPLE_CREATED}'`;
  return `  ${n.api}:
    get:
      tags: [${n.plural}]
      operationId: list${n.PluralPascal}
      x-extension-of-spec: true
      summary: The account's ${n.labelEn.toLowerCase()}, newest first (our extension)
      parameters:
        - { $ref: '#/components/parameters/Page' }
        - { $ref: '#/components/parameters/PerPage' }
        - { $ref: '#/components/parameters/Search' }
      responses:
        '200':
          description: A page of ${n.plural}
          content:
            application/json:
              schema: { $ref: '#/components/schemas/${n.Pascal}List' }
              example:
                total: 1
                page: 1
                per_page: 20
                items:
                  - id: 1
                    name: ${n.name}-hanoi-01
                    created: '${EXAMPLE_CREATED}'
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      tags: [${n.plural}]
      operationId: create${n.Pascal}
      x-extension-of-spec: true
      summary: Add a ${n.name}; names are unique per account without regard to case (our extension)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Create${n.Pascal}Request' }
            example:
              name: ${n.name}-hanoi-01
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/${n.Pascal}' }
              example:
                ${example}
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '409': { $ref: '#/components/responses/Conflict' }
  ${n.api}/{id}:
    get:
      tags: [${n.plural}]
      operationId: get${n.Pascal}
      x-extension-of-spec: true
      summary: One ${n.name}; another account's answers 404 (our extension)
      parameters:
        - { $ref: '#/components/parameters/Id' }
      responses:
        '200':
          description: The ${n.name}
          content:
            application/json:
              schema: { $ref: '#/components/schemas/${n.Pascal}' }
              example:
                ${example}
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      tags: [${n.plural}]
      operationId: delete${n.Pascal}
      x-extension-of-spec: true
      summary: Delete a ${n.name}; another account's answers 404 (our extension)
      parameters:
        - { $ref: '#/components/parameters/Id' }
      responses:
        '204':
          description: Deleted
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
`;
}

const contractSchemas = (n: Names) => `    ${n.Pascal}:
      type: object
      required: [id, name, created]
      properties:
        id: { type: integer }
        name: { $ref: '#/components/schemas/ResourceName' }
        created: { type: string, format: date-time }
    ${n.Pascal}List:
      allOf:
        - { $ref: '#/components/schemas/Paging' }
        - type: object
          required: [items]
          properties:
            items:
              type: array
              items: { $ref: '#/components/schemas/${n.Pascal}' }
    Create${n.Pascal}Request:
      type: object
      required: [name]
      additionalProperties: false
      properties:
        name: { $ref: '#/components/schemas/ResourceName' }
`;

// ---- the sandbox area ----

const areaIndex = (
  n: Names,
) => `/** The \`${n.plural}\` area: the account's ${n.labelEn.toLowerCase()}. */
import type { SandboxArea } from '../platform/area';
import { ${n.camel}Handlers } from './${n.camel}Handlers';
import { ${n.camel}Migrations } from './${n.plural}';

export const ${n.camel}Area: SandboxArea = {
  name: '${n.plural}',
  handlers: ${n.camel}Handlers,
  migrations: ${n.camel}Migrations,
};
`;

const areaRecords = (
  n: Names,
) => `/** The account's ${n.labelEn.toLowerCase()}: their table and how they are read and written. */
import type { components } from '../../src/api/schema';
import type { Db } from '../platform/db';
import type { Migration } from '../platform/migrations';

export type ${n.Pascal} = components['schemas']['${n.Pascal}'];

/** The area's tables; append-only, like the platform's migrations. */
export const ${n.camel}Migrations: Migration[] = [
  {
    name: '${n.plural}:create',
    sql: \`CREATE TABLE ${n.plural} (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX ${n.plural}_name ON ${n.plural} (user_id, name COLLATE NOCASE);\`,
  },
];

interface ${n.Pascal}Row {
  id: number;
  name: string;
  created_at: string;
}

const to${n.Pascal} = (row: ${n.Pascal}Row): ${n.Pascal} => ({
  id: row.id,
  name: row.name,
  created: row.created_at,
});

/** The account's ${n.plural} whose name holds \`search\`, newest first. */
export function ${n.camel}sOf(db: Db, userId: number, search?: string): ${n.Pascal}[] {
  const rows = db
    .prepare(\`SELECT * FROM ${n.plural} WHERE user_id = ? ORDER BY created_at DESC, id DESC\`)
    .all(userId) as ${n.Pascal}Row[];
  const wanted = search?.toLowerCase();
  return rows.filter((row) => !wanted || row.name.toLowerCase().includes(wanted)).map(to${n.Pascal});
}

export function find${n.Pascal}(db: Db, userId: number, id: number): ${n.Pascal} | undefined {
  const row = db
    .prepare(\`SELECT * FROM ${n.plural} WHERE id = ? AND user_id = ?\`)
    .get(id, userId) as ${n.Pascal}Row | undefined;
  return row && to${n.Pascal}(row);
}

export function ${n.camel}Named(db: Db, userId: number, name: string): boolean {
  return (
    db.prepare(\`SELECT 1 FROM ${n.plural} WHERE user_id = ? AND name = ? COLLATE NOCASE\`).get(userId, name) !==
    undefined
  );
}

export function insert${n.Pascal}(db: Db, userId: number, name: string, now: Date): ${n.Pascal} {
  const row = db
    .prepare(\`INSERT INTO ${n.plural} (user_id, name, created_at) VALUES (?, ?, ?) RETURNING *\`)
    .get(userId, name, now.toISOString()) as ${n.Pascal}Row;
  return to${n.Pascal}(row);
}

export function delete${n.Pascal}Row(db: Db, id: number): void {
  db.prepare(\`DELETE FROM ${n.plural} WHERE id = ?\`).run(id);
}
`;

const areaHandlers = (n: Names) => `/**
 * The \`${n.plural}\` area's operations. The name's rule is the domain's (validateResourceName, named
 * on the contract's ResourceName) and is checked again here, as every handler checks what it
 * stores.
 */
import { validateResourceName } from '../../src/domain/recordValidation';
import { pageItems, rejectInvalidFields, signedInUser } from '../auth/guards';
import { ApiError, notFound } from '../platform/errors';
import type { HandlerTable } from '../platform/handler';
import {
  delete${n.Pascal}Row,
  find${n.Pascal},
  insert${n.Pascal},
  ${n.camel}Named,
  ${n.camel}sOf,
} from './${n.plural}';

export const ${n.camel}Handlers: HandlerTable = {
  list${n.PluralPascal}: (ctx) => {
    const user = signedInUser(ctx);
    return pageItems(${n.camel}sOf(ctx.db, user.id, ctx.query.search), ctx.query);
  },

  create${n.Pascal}: (ctx) => {
    const user = signedInUser(ctx);
    const name = ctx.body.name.trim();
    rejectInvalidFields({ name: validateResourceName(name) });
    return ctx.db.transaction(() => {
      if (${n.camel}Named(ctx.db, user.id, name)) {
        throw new ApiError(409, 'server.name_taken', {}, { name: 'server.name_taken' });
      }
      return insert${n.Pascal}(ctx.db, user.id, name, ctx.now());
    })();
  },

  get${n.Pascal}: (ctx) => {
    const user = signedInUser(ctx);
    const found = find${n.Pascal}(ctx.db, user.id, ctx.params.id);
    if (!found) throw notFound('server.not_found');
    return found;
  },

  delete${n.Pascal}: (ctx) => {
    const user = signedInUser(ctx);
    const found = find${n.Pascal}(ctx.db, user.id, ctx.params.id);
    if (!found) throw notFound('server.not_found');
    delete${n.Pascal}Row(ctx.db, found.id);
    return undefined;
  },
};
`;

const areaTest = (n: Names) => `import { describe, expect, it } from 'vitest';

import { validateResourceName } from '../../src/domain/recordValidation';
import { en } from '../../src/i18n/en';
import { lookupMessage } from '../../src/i18n/interpolate';
import { apiAs, signedInSandbox, signIn } from '../testing';

const PATH = '${n.api}';

describe('the ${n.plural} area', () => {
  it('adds, lists, searches, reads and deletes the account\\'s own ${n.plural}', async () => {
    const { api } = await signedInSandbox();
    expect((await api.get(PATH)).json()).toEqual({ items: [], total: 0, page: 1, per_page: 20 });

    const created = await api.post(PATH, { name: 'hanoi-01' });
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number; name: string; created: string };
    expect(record).toEqual({ id: expect.any(Number), name: 'hanoi-01', created: expect.any(String) });
    await api.post(PATH, { name: 'saigon-02' });

    const found = (await api.get(\`\${PATH}?search=HANOI\`)).json() as { items: unknown[] };
    expect(found.items).toEqual([record]);
    expect((await api.get(\`\${PATH}/\${record.id}\`)).json()).toEqual(record);

    expect((await api.delete(\`\${PATH}/\${record.id}\`)).statusCode).toBe(204);
    expect((await api.get(\`\${PATH}/\${record.id}\`)).statusCode).toBe(404);
  });

  it('refuses a taken name and a bad one with the domain\\'s message on the field', async () => {
    const { app, api } = await signedInSandbox();
    await api.post(PATH, { name: 'hanoi-01' });
    const taken = await api.post(PATH, { name: 'HANOI-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errors: { name: expect.any(String) } });

    const english = apiAs(app, await signIn(app, 'demo@example.vn'), { 'accept-language': 'en' });
    const bad = await english.post(PATH, { name: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string> }).errors.name).toBe(
      lookupMessage(en, validateResourceName('a b') as string),
    );
  });

  it('does not show or delete another account\\'s ${n.name}', async () => {
    const { app, api } = await signedInSandbox();
    const { id } = (await api.post(PATH, { name: 'hanoi-01' })).json() as { id: number };
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await other.get(\`\${PATH}/\${id}\`)).statusCode).toBe(404);
    expect((await other.delete(\`\${PATH}/\${id}\`)).statusCode).toBe(404);
    expect((await other.get(PATH)).json()).toMatchObject({ total: 0 });
  });
});
`;

// ---- the portal ----

const portalModel = (
  n: Names,
) => `/** The ${n.name} resource's name and its records as the contract has them. */
import type { components } from '../../api/schema';

export const ${n.name.toUpperCase().replace(/-/g, '_')}_RESOURCE = '${n.name}';

export type ${n.Pascal} = components['schemas']['${n.Pascal}'];

export const ${n.camel}Path = (id: ${n.Pascal}['id'] | string) => \`/${n.name}/\${id}/detail\`;
`;

const resourceConstant = (n: Names) => `${n.name.toUpperCase().replace(/-/g, '_')}_RESOURCE`;

const portalDeclaration = (
  n: Names,
) => `/** ${n.labelEn}: the list, the create form and a ${n.name}'s page. */
import FolderIcon from '@mui/icons-material/Folder';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';
import { ${resourceConstant(n)} } from './${n.camel}Model';

export const ${n.camel}: ResourceDeclaration = {
  name: ${resourceConstant(n)},
  apiPath: '${n.api}',
  labelKey: '${n.plural}.name',
  recordRepresentation: 'name',
  list: lazy(() => import('./${n.Pascal}List')),
  create: lazy(() => import('./${n.Pascal}CreatePage')),
  detail: lazy(() => import('./${n.Pascal}DetailPage')),
  menu: { labelKey: '${n.plural}.name', icon: FolderIcon, group: 'main', order: 75 },
};
`;

const portalList = (n: Names) => `/**
 * /${n.name}: the account's ${n.plural}, newest first, with a search box, each leading to its page
 * and deleted after its name is typed.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import { useState } from 'react';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { DeleteByNameDialog } from '../../components/DeleteByNameDialog';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { ResourceList } from '../../components/ResourceList';
import { formatDate } from '../../domain/dates';
import { ${resourceConstant(n)}, ${n.camel}Path, type ${n.Pascal} } from './${n.camel}Model';

const Column = DataTable.Col<${n.Pascal}>;

export default function ${n.Pascal}List() {
  return (
    <ResourceList resource={${resourceConstant(n)}} messages="${n.plural}.list" createTo="/${n.name}/create">
      {/* No row click: the delete dialog's clicks would reach the row through React's tree. */}
      <DataTable<${n.Pascal}> rowClick={false} bulkActionButtons={false}>
        <Column
          source="name"
          label="${n.plural}.fields.name"
          disableSort
          render={(record) => (
            <MuiLink
              component={Link}
              to={${n.camel}Path(record.id)}
              sx={{ fontWeight: 600, wordBreak: 'break-all' }}
            >
              {record.name}
            </MuiLink>
          )}
        />
        <Column
          source="created"
          label="${n.plural}.fields.created"
          className={HIDDEN_ON_PHONE}
          disableSort
          render={(record) => formatDate(record.created)}
        />
        <Column label="${n.plural}.list.actions" disableSort render={() => <DeleteButton />} />
      </DataTable>
    </ResourceList>
  );
}

function DeleteButton() {
  const translate = useTranslate();
  const record = useRecordContext<${n.Pascal}>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <IconButton
        color="error"
        aria-label={translate('${n.plural}.delete.title', { name: record.name })}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </IconButton>
      <DeleteByNameDialog
        resource={${resourceConstant(n)}}
        record={record}
        open={open}
        onClose={() => setOpen(false)}
        messages={{
          title: '${n.plural}.delete.title',
          prompt: '${n.plural}.delete.prompt',
          confirm: '${n.plural}.delete.confirm',
          done: '${n.plural}.delete.done',
        }}
      />
    </>
  );
}
`;

const portalCreate = (
  n: Names,
) => `/** /${n.name}/create: a name; a refused create keeps it and says why on the field. */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextInput, Title, useTranslate, type Validator } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { CreateForm } from '../../components/CreateForm';
import { usePageTitle } from '../../components/usePageTitle';
import { usePortalNotify } from '../../components/usePortalNotify';
import { validateResourceName } from '../../domain/recordValidation';
import { ${resourceConstant(n)}, ${n.camel}Path, type ${n.Pascal} } from './${n.camel}Model';

type ${n.Pascal}FormValues = { name?: string };

export default function ${n.Pascal}CreatePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const title = translate('${n.plural}.create.title');
  usePageTitle(title);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 760 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <CreateForm<${n.Pascal}, ${n.Pascal}FormValues>
        resource={${resourceConstant(n)}}
        defaultValues={{ name: '' }}
        toBody={(values) => ({ name: values.name?.trim() ?? '' })}
        onCreated={(record) => {
          notify.success('${n.plural}.create.created', { name: record.name });
          navigate(${n.camel}Path(record.id));
        }}
        submitKey="${n.plural}.create.submit"
        submitIcon={<AddIcon />}
        cancelTo="/${n.name}"
      >
        <TextInput
          source="name"
          label="${n.plural}.fields.name"
          validate={validateName}
          autoComplete="off"
          fullWidth
        />
      </CreateForm>
    </Box>
  );
}

const validateName: Validator = (value) => validateResourceName(value);
`;

const portalDetail = (
  n: Names,
) => `/** /${n.name}/{id}/detail: one ${n.name}, read from the address. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { RecordPage, useRecordOfPage } from '../../components/RecordPage';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../domain/dates';
import { ${resourceConstant(n)}, type ${n.Pascal} } from './${n.camel}Model';

export default function ${n.Pascal}DetailPage() {
  const translate = useTranslate();
  // A ${n.name} does not change by itself: nothing to poll for.
  const query = useRecordOfPage<${n.Pascal}>(${resourceConstant(n)}, () => false);
  usePageTitle(query.data?.name ?? translate('${n.plural}.detail.title'));
  return (
    <RecordPage
      query={query}
      notFoundKey="${n.plural}.detail.not_found"
      back={{ to: '/${n.name}', labelKey: '${n.plural}.detail.back' }}
    >
      {(record) => (
        <Box sx={{ mt: 2, mb: 4 }}>
          <Title title={record.name} />
          <Typography variant="h5" component="h1" gutterBottom sx={{ wordBreak: 'break-all' }}>
            {record.name}
          </Typography>
          <Typography color="text.secondary">
            {translate('${n.plural}.detail.created', { date: formatDate(record.created) })}
          </Typography>
        </Box>
      )}
    </RecordPage>
  );
}
`;

const portalTest = (n: Names) => `// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { validateResourceName } from '../../domain/recordValidation';
import { lookupMessage } from '../../i18n/interpolate';
import { vi as vietnamese } from '../../i18n/vi';
import { sandboxPerTest } from '../../../tests/support/sandbox';
import { api, renderPortal, signInAs } from '../../../tests/unit/screens/portalHarness';

const sandbox = sandboxPerTest();
const text = vietnamese.${n.plural};

describe('the ${n.name} screens', () => {
  it('lead a customer without ${n.plural} to create one, which then opens its page', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/${n.name}');
    expect(await screen.findByText(text.list.empty_title)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('link', { name: text.list.create })[0] as HTMLElement);
    const name = await screen.findByLabelText(new RegExp(text.fields.name));
    await user.type(name, 'a b');
    await user.click(screen.getByRole('button', { name: text.create.submit }));
    const refusal = lookupMessage(vietnamese, validateResourceName('a b') as string);
    expect(await screen.findByText(refusal as string)).toBeVisible();
    expect(name).toHaveValue('a b');

    await user.clear(name);
    await user.type(name, 'hanoi-01');
    await user.click(screen.getByRole('button', { name: text.create.submit }));
    expect(await screen.findByRole('heading', { name: 'hanoi-01' })).toBeVisible();
  });

  it('show the server\\'s refusal of a taken name on the field, keeping what was typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await api(sandbox(), token, 'POST', '${n.api}', { name: 'hanoi-01' });
    renderPortal('/${n.name}/create');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(new RegExp(text.fields.name));
    await user.type(name, 'HANOI-01');
    await user.click(screen.getByRole('button', { name: text.create.submit }));
    expect(await screen.findByText(vietnamese.server.name_taken)).toBeVisible();
    expect(name).toHaveValue('HANOI-01');
  });

  it('delete a ${n.name} once its name is typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await api(sandbox(), token, 'POST', '${n.api}', { name: 'hanoi-01' });
    renderPortal('/${n.name}');
    const row = (await screen.findByText('hanoi-01')).closest('tr') as HTMLElement;
    const user = userEvent.setup();
    const title = text.delete.title.replace('%{name}', 'hanoi-01');
    await user.click(within(row).getByRole('button', { name: title }));
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.type(within(dialog).getByRole('textbox'), 'hanoi-01');
    await user.click(within(dialog).getByRole('button', { name: text.delete.confirm }));
    expect(await screen.findByText(text.list.empty_title)).toBeVisible();
  });
});
`;

function messages(n: Names, language: 'vi' | 'en'): string {
  const vi = language === 'vi';
  const lower = vi ? n.labelVi.toLowerCase() : n.labelEn.toLowerCase();
  const quote = (text: string) => `'${text.replace(/'/g, "\\'")}'`;
  return `  ${n.plural}: {
    name: ${quote(vi ? n.labelVi : n.labelEn)},
    fields: {
      name: ${quote(vi ? 'Tên' : 'Name')},
      created: ${quote(vi ? 'Ngày tạo' : 'Created')},
    },
    list: {
      title: ${quote(vi ? n.labelVi : n.labelEn)},
      create: ${quote(vi ? `Tạo ${lower}` : `Create ${lower}`)},
      empty_title: ${quote(vi ? `Bạn chưa có ${lower} nào` : `You have no ${lower} yet`)},
      empty_text: ${quote(vi ? 'Tạo mục đầu tiên, nó sẽ hiện ở đây.' : 'Create the first one; it will show here.')},
      actions: ${quote(vi ? 'Thao tác' : 'Actions')},
    },
    create: {
      title: ${quote(vi ? `Tạo ${lower}` : `Create ${lower}`)},
      submit: ${quote(vi ? 'Tạo' : 'Create')},
      created: ${quote(vi ? 'Đã tạo %{name}.' : '%{name} was created.')},
    },
    detail: {
      title: ${quote(vi ? n.labelVi : n.labelEn)},
      created: ${quote(vi ? 'Ngày tạo: %{date}' : 'Created on %{date}')},
      not_found: ${quote(vi ? 'Không tìm thấy mục này.' : 'This item was not found.')},
      back: ${quote(vi ? 'Về danh sách' : 'Back to the list')},
    },
    delete: {
      title: ${quote(vi ? 'Xoá %{name}' : 'Delete %{name}')},
      prompt: ${quote(vi ? 'Nhập tên "%{name}" để xác nhận' : 'Type "%{name}" to confirm')},
      confirm: ${quote(vi ? 'Xoá' : 'Delete')},
      done: ${quote(vi ? 'Đã xoá %{name}.' : '%{name} was deleted.')},
    },
  },
`;
}

const pascal = (text: string) =>
  text
    .split(/[-_]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export function namesFrom(options: {
  name: string;
  plural: string;
  api: string;
  labelVi: string;
  labelEn: string;
}): Names {
  if (!/^[a-z][a-z0-9-]*$/.test(options.name)) throw new Error('--name: lower-case letters and -');
  if (!/^[a-z]+$/.test(options.plural)) throw new Error('--plural: lower-case letters');
  if (!/^(\/[a-z0-9_]+)+$/.test(options.api))
    throw new Error('--api: a path such as /support/notes');
  const Pascal = pascal(options.name);
  return {
    ...options,
    Pascal,
    camel: Pascal.charAt(0).toLowerCase() + Pascal.slice(1),
    PluralPascal: pascal(options.plural),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      plural: { type: 'string' },
      api: { type: 'string' },
      'label-vi': { type: 'string' },
      'label-en': { type: 'string' },
      root: { type: 'string', default: process.cwd() },
    },
  });
  const names = namesFrom({
    name: values.name ?? '',
    plural: values.plural ?? '',
    api: values.api ?? '',
    labelVi: values['label-vi'] ?? '',
    labelEn: values['label-en'] ?? '',
  });
  for (const path of await scaffoldResource(values.root ?? process.cwd(), names)) console.log(path);
  console.log('Now run: npm run gen:api');
}
