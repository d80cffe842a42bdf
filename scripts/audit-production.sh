#!/usr/bin/env bash
# CI's dependency audit (docs/security.md, Dependency advisories): a known high or critical advisory in
# what `npm start` runs (the production dependencies) fails the run, naming each package.
set -uo pipefail

report="$(npm audit --omit=dev --audit-level=high --json 2>/dev/null)"
status=$?
if [ "$status" -eq 0 ]; then
  echo "npm audit: no high or critical advisory in the production dependencies."
  exit 0
fi

# A report has metadata.vulnerabilities; anything else is the advisory endpoint's own failure.
printf '%s' "$report" | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => {
    let report = null;
    try { report = JSON.parse(text); } catch {}
    const found = report && report.metadata && report.metadata.vulnerabilities;
    if (!found) {
      const reason = (report && report.message) || "no report";
      console.log(`npm audit could not read the advisories (${reason}); production dependencies NOT checked: run npm audit --omit=dev where the registry answers it (docs/security.md).`);
      process.exit(0);
    }
    for (const [name, entry] of Object.entries(report.vulnerabilities || {})) {
      if (entry.severity === "high" || entry.severity === "critical") {
        console.log(`npm audit: ${entry.severity} advisory in ${name} (${entry.range || "?"}); triage it as docs/security.md says.`);
      }
    }
    process.exit(1);
  });
'
