import type { TSchema } from 'typebox';
import { Code } from 'typebox/compile';
import { Format } from 'typebox/format';
import { ANSWER_SCHEMAS } from './answerSchemas';
import type { AnswerShape } from './keepContractFields';

// Writes each answer's standalone check from its schema (`npm run answer-checks`): typebox's own
// generated validator (`Code`), with its external values written into the module, and the shape
// keepContractFields walks. answerChecks.test.ts fails while a generated module is stale.

export const GENERATED_FOLDER = 'src/client/answerChecks/generated';

const HEADER = [
  '// Generated from answerSchemas.ts by `npm run answer-checks`: do not edit.',
  "// typebox's standalone validator (Code in typebox/compile), checked by answerChecks.test.ts.",
  '// @ts-nocheck',
  '/* eslint-disable */',
].join('\n');

/** The schema keys keepContractFields reads, and the ones that hold schemas. */
const SHAPE_KEYS = ['properties', 'items', 'anyOf', 'const', 'enum'] as const;

type Schema = Record<string, unknown>;

function literals(field: Schema | undefined): unknown[] | undefined {
  if (field === undefined) return undefined;
  if (field.const !== undefined) return [field.const];
  return Array.isArray(field.enum) ? field.enum : undefined;
}

/** Two object variants that a fixed field (const, enum) tells apart. */
function toldApart(a: Schema, b: Schema): boolean {
  const left = (a.properties ?? {}) as Record<string, Schema>;
  const right = (b.properties ?? {}) as Record<string, Schema>;
  return Object.keys(left).some((key) => {
    const [one, other] = [literals(left[key]), literals(right[key])];
    return one !== undefined && other !== undefined && !one.some((value) => other.includes(value));
  });
}

/** The schema reduced to SHAPE_KEYS; a union must be one keepContractFields can tell apart. */
function shapeOf(schema: Schema, where: string): AnswerShape {
  const shape: Record<string, unknown> = {};
  for (const key of SHAPE_KEYS) {
    const value = schema[key];
    if (value === undefined) continue;
    if (key === 'items') shape.items = shapeOf(value as Schema, `${where}[]`);
    else if (key === 'properties') {
      shape.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, field]) => [
          name,
          shapeOf(field, `${where}.${name}`),
        ]),
      );
    } else if (key === 'anyOf') {
      const variants = value as Schema[];
      variants.forEach((variant, index) =>
        variants.slice(index + 1).forEach((other) => {
          if (!toldApart(variant, other)) {
            throw new Error(`${where}: a union whose variants no const or enum field tells apart`);
          }
        }),
      );
      shape.anyOf = variants.map((variant, index) => shapeOf(variant, `${where}|${index}`));
    } else shape[key] = value;
  }
  return shape;
}

/** An external value of the generated code as source: a pattern, or a format check typebox exports. */
function externalSource(value: unknown, name: string): { source: string; format?: string } {
  if (value instanceof RegExp) {
    return {
      source: `new RegExp(${JSON.stringify(value.source)}, ${JSON.stringify(value.flags)})`,
    };
  }
  const format = Object.entries(Format).find(([, exported]) => exported === value)?.[0];
  if (format === undefined)
    throw new Error(`${name}: an external value the generator cannot write`);
  return { source: format, format };
}

/** An import line of typebox's code whose namespace the checks never call: typebox writes its
 * imports whatever the checks use, and an unused one would only cost bytes. */
function isUnusedImport(line: string, code: string): boolean {
  const imported = /^import \{ (\w+) \}/.exec(line)?.[1];
  return imported !== undefined && !code.includes(`${imported}.`);
}

/** The module text of one answer's check. */
export function answerCheckModule(name: string, schema: TSchema): string {
  const { Code: code, External } = Code(schema);
  const externals = (External.variables as unknown[]).map((value) => externalSource(value, name));
  const formats = [...new Set(externals.flatMap(({ format }) => (format ? [format] : [])))];
  const body = code
    .split('\n')
    .filter((line) => !isUnusedImport(line, code))
    .join('\n')
    .replace(
      /let External = \[\]/,
      `const External = [${externals.map((e) => e.source).join(', ')}]`,
    )
    .replace(/\/\/ @ts-ignore\nexport function SetExternal\(external\) \{[^\n]*\}\n\n/, '');
  const shape = shapeOf(schema as unknown as Schema, name);
  return [
    HEADER,
    'import type { AnswerShape } from "../keepContractFields"',
    ...(formats.length > 0 ? [`import { ${formats.join(', ')} } from "typebox/format"`] : []),
    body.trim(),
    '',
    "/** The shape keepContractFields walks to keep only the contract's fields. */",
    `export const shape: AnswerShape = ${JSON.stringify(shape)}`,
    '',
  ].join('\n');
}

/** Every generated module: its path from the repository's root and its text. */
export function answerCheckFiles(): { file: string; text: string }[] {
  return Object.entries(ANSWER_SCHEMAS).map(([name, schema]) => ({
    file: `${GENERATED_FOLDER}/${name}.ts`,
    text: answerCheckModule(name, schema),
  }));
}
