import { ConfigError } from './configError';
import { readGoogleOptions } from './providers/google';
import { createResellerTokens } from './providers/google/credentials';
import { formatCheck, runGooglePreflight } from './providers/google/preflight';

// `npm run google:check [customerId]`: the operator's preflight of google mode (docs/google-setup.md).
// It reads the same environment as the portal and exits non-zero when any check fails.

const EXIT_FAILURE = 1;

async function main(): Promise<number> {
  const customerId = process.argv[2];
  let google;
  try {
    google = readGoogleOptions(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  }
  const tokens = createResellerTokens(google);
  const results = await runGooglePreflight({
    google,
    tokens,
    ...(customerId === undefined ? {} : { customerId }),
  });
  for (const result of results) process.stdout.write(`${formatCheck(result)}\n`);
  const failed = results.filter((result) => !result.ok).length;
  process.stdout.write(
    failed === 0
      ? `All ${results.length} checks passed.\n`
      : `${failed} of ${results.length} checks failed.\n`,
  );
  return failed === 0 ? 0 : EXIT_FAILURE;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `google:check could not run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(EXIT_FAILURE);
  },
);
