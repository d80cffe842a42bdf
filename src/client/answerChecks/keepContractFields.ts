// What a generated answer check exports besides its check: the schema's structure, enough to copy a
// checked answer with only the fields the contract names (docs/architecture.md, One definition per
// API shape), as typebox's Clean would, without typebox in the browser.

/** A schema reduced to what keepContractFields walks. */
export interface AnswerShape {
  properties?: Readonly<Record<string, AnswerShape>>;
  items?: AnswerShape;
  /** Variants told apart by a field's const or enum (the generator refuses any other union). */
  anyOf?: readonly AnswerShape[];
  const?: unknown;
  enum?: readonly unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The variant whose fixed fields (const, enum) all hold for the value. */
function fits(variant: AnswerShape, value: unknown): boolean {
  if (variant.properties === undefined || !isRecord(value)) return false;
  return Object.entries(variant.properties).every(([key, field]) => {
    if (field.const !== undefined) return value[key] === field.const;
    if (field.enum !== undefined) return field.enum.includes(value[key]);
    return true;
  });
}

/** A copy of an answer that passed its check, keeping only the fields its shape names. */
export function keepContractFields(shape: AnswerShape, value: unknown): unknown {
  if (shape.anyOf !== undefined) {
    const variant = shape.anyOf.find((candidate) => fits(candidate, value));
    return variant === undefined ? value : keepContractFields(variant, value);
  }
  if (Array.isArray(value)) {
    const { items } = shape;
    return items === undefined ? [...value] : value.map((item) => keepContractFields(items, item));
  }
  if (shape.properties !== undefined && isRecord(value)) {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape.properties)) {
      if (key in value) kept[key] = keepContractFields(field, value[key]);
    }
    return kept;
  }
  return value;
}
