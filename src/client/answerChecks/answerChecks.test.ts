import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANSWER_CHECKS_FILE, answerChecksModule } from './generate';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the generated answer checks', () => {
  const text = answerChecksModule();

  it('are what the contract generates (run `npm run answer-checks` when they are not)', () => {
    expect(readFileSync(path.join(ROOT, ANSWER_CHECKS_FILE), 'utf8')).toBe(text);
  });

  // The page's CSP forbids eval (docs/security.md): the checks are plain code, and need only Ajv's
  // runtime helpers and the format checks of ajv-formats.
  it("run without eval and need nothing but Ajv's runtime helpers", () => {
    expect(text).not.toMatch(/\bnew Function\b|\beval\(/);
    const required = [...text.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
    expect(required.length).toBeGreaterThan(0);
    for (const from of required) expect(from).toMatch(/^ajv\/dist\/runtime\/|^ajv-formats\/dist\//);
  });
});
