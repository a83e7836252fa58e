import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

it('src/api/schema.d.ts is what `npm run gen:api` makes from the current contract', async () => {
  const contract = new URL(`file://${join(root, 'openapi', 'openapi.yaml')}`);
  const generatedPath = join(root, 'src', 'api', 'schema.d.ts');
  const fresh = await format(astToString(await openapiTS(contract)), {
    ...(await resolveConfig(generatedPath)),
    filepath: generatedPath,
  });
  const committed = readFileSync(generatedPath, 'utf8');
  // Compare without the banner comment, which only names the tool.
  const body = (text: string) => text.slice(text.indexOf('export'));
  expect(body(committed), 'src/api/schema.d.ts is stale: run npm run gen:api').toBe(body(fresh));
});
