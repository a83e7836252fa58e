/**
 * Body fields whose rule lives in src/domain as well as in the contract's schema: the contract
 * names the rule on the field (`x-rule: resourceName`, see src/domain/fieldRules.ts). The schema
 * check runs first and only knows "wrong format"; when it refuses a body, each field carrying a
 * rule that the domain refuses too is answered with the domain's message, the one the portal's
 * form shows for the same value.
 */
import { FIELD_RULES, isFieldRuleName } from '../../src/domain/fieldRules';

type JsonSchema = Record<string, unknown>;

/** The schema keyword that names a field's rule. */
export const RULE_KEYWORD = 'x-rule';

/** Field (dotted path, as in `errors`, e.g. `rules.0.port`) → i18n key of the domain's message. */
export function domainFieldProblems(
  schema: JsonSchema | undefined,
  body: unknown,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (schema) check(schema, body, [], problems);
  return problems;
}

function check(
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[],
  problems: Record<string, string>,
): void {
  // A field left out is for the schema to judge.
  if (value === undefined) return;
  const rule = schema[RULE_KEYWORD];
  if (rule !== undefined) {
    if (!isFieldRuleName(rule)) throw new Error(`The contract names an unknown rule: ${rule}`);
    const key = FIELD_RULES[rule](value);
    if (key) problems[path.join('.')] = key;
  }
  for (const part of schemas(schema.allOf)) check(part, value, path, problems);
  for (const branch of chosenBranches(schema, value)) check(branch, value, path, problems);
  if (isRecord(value) && isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isRecord(property)) check(property, value[name], [...path, name], problems);
    }
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((item, index) => check(items, item, [...path, index], problems));
  }
}

/**
 * The oneOf/anyOf branches that describe this value: for an object, the first whose constant
 * properties (`type: { const: create_volume }`) it has; for anything else, every branch.
 */
function chosenBranches(schema: JsonSchema, value: unknown): JsonSchema[] {
  const branches = [...schemas(schema.oneOf), ...schemas(schema.anyOf)];
  if (!isRecord(value)) return branches;
  const chosen = branches.find((branch) =>
    Object.entries(constants(branch)).every(([name, constant]) => value[name] === constant),
  );
  return chosen ? [chosen] : [];
}

function constants(schema: JsonSchema): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const part of [schema, ...schemas(schema.allOf)]) {
    if (!isRecord(part.properties)) continue;
    for (const [name, property] of Object.entries(part.properties)) {
      if (isRecord(property) && 'const' in property) found[name] = property.const;
    }
  }
  return found;
}

const schemas = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
