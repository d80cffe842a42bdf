import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import { answerCheckFiles, answerCheckModule } from './generate';
import { keepContractFields, type AnswerShape } from './keepContractFields';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the generated answer checks', () => {
  it.each(answerCheckFiles().map(({ file, text }) => [file, text]))(
    '%s is what the contract generates (run `npm run answer-checks` when it is not)',
    (file, text) => {
      expect(readFileSync(path.join(ROOT, file), 'utf8')).toBe(text);
    },
  );

  it('carry no typebox beyond the format checks and guards the validator calls', () => {
    for (const { text } of answerCheckFiles()) {
      const imported = [...text.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
      expect(imported.every((from) => /^typebox\/(format|guard)$|^\.\.\//.test(from ?? ''))).toBe(
        true,
      );
    }
  });

  it('refuse a union that no fixed field tells apart, which keepContractFields could not copy', () => {
    const union = Type.Union([
      Type.Object({ a: Type.String() }),
      Type.Object({ a: Type.String(), b: Type.Number() }),
    ]);
    expect(() => answerCheckModule('ambiguous', union)).toThrow(
      'ambiguous: a union whose variants no const or enum field tells apart',
    );
  });
});

describe('keepContractFields', () => {
  const entry: AnswerShape = {
    anyOf: [
      { properties: { kind: { const: 'licences' }, after: {} } },
      { properties: { kind: { enum: ['licence-delegate', 'support-delegate'] }, member: {} } },
    ],
  };
  const page: AnswerShape = { properties: { entries: { items: entry }, nextCursor: {} } };

  it('keeps the fields of the variant the fixed field names, and drops the rest', () => {
    const answer = {
      entries: [
        { kind: 'licences', after: 3, member: 'x', extra: 1 },
        { kind: 'support-delegate', member: 'a@b.example', after: 4 },
      ],
      nextCursor: null,
      extra: true,
    };
    expect(keepContractFields(page, answer)).toEqual({
      entries: [
        { kind: 'licences', after: 3 },
        { kind: 'support-delegate', member: 'a@b.example' },
      ],
      nextCursor: null,
    });
  });

  it('copies: changing the answer afterwards leaves the kept value as it was', () => {
    const first = { kind: 'licences', after: 3 };
    const answer = { entries: [first], nextCursor: 'n' };
    const kept = keepContractFields(page, answer);
    first.after = 9;
    answer.entries.push({ kind: 'licences', after: 1 });
    expect(kept).toEqual({ entries: [{ kind: 'licences', after: 3 }], nextCursor: 'n' });
  });

  it('leaves out an optional field the answer does not carry', () => {
    expect(keepContractFields({ properties: { a: {}, b: {} } }, { a: 1 })).toEqual({ a: 1 });
  });
});
