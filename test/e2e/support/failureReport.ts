// What a failing journey leaves behind for people and CI: a screenshot of every open page and the
// pages' console log (with the portal's own output), under test-results/e2e, paths printed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const RESULTS_DIR = path.resolve(__dirname, '..', '..', '..', 'test-results', 'e2e');
const SLUG_MAX_LENGTH = 80;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX_LENGTH);

/** Saves the artefacts and returns the lines that name them. */
export async function saveFailureArtefacts(
  title: string,
  pages: readonly Page[],
  log: readonly string[],
  serverOutput: string,
): Promise<string[]> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, slug(title));
  const saved: string[] = [];
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const file = `${base}${index === 0 ? '' : `-page${index + 1}`}.png`;
    try {
      await page.screenshot({ path: file, fullPage: true });
      saved.push(`Screenshot (${page.url()}): ${file}`);
    } catch (error) {
      saved.push(`Screenshot of ${page.url()} failed: ${String(error)}`);
    }
  }
  const logFile = `${base}.console.log`;
  const serverSection = serverOutput.trim() === '' ? '(nothing)' : serverOutput;
  writeFileSync(logFile, `${log.join('\n')}\n\n--- portal output ---\n${serverSection}\n`, 'utf8');
  saved.push(`Console log: ${logFile}`);
  return saved;
}
