#!/usr/bin/env bash
# CI's release check (docs/deploy.md, The release): builds the release, installs it the way production
# does (dist/, scripts/, package.json and the lockfile alone, production dependencies only), starts it on
# the sandbox, asks for the home page, /api/health and /api/ready, and runs the operator's commands.
# Every wait is bounded; it cleans up.
# RELEASE_CHECK_COMPILE=true also compiles the SQLite drivers, as a production install does.
set -euo pipefail
cd "$(dirname "$0")/.."

INSTALL_TIMEOUT_S=300
START_TIMEOUT_S=60
STOP_TIMEOUT_S=15
REQUEST_TIMEOUT_S=10
PORTAL_TITLE='<title>Customer Portal</title>'
# What a production install must not hold: the build and test tools the release was built with.
BUILD_TOOLS=(tsx typescript webpack jest react antd)

release_dir="$(mktemp -d "${TMPDIR:-/tmp}/portal-release.XXXXXX")"
portal_pid=''

stop_portal() {
  if [ -n "$portal_pid" ] && kill -0 "$portal_pid" 2>/dev/null; then
    kill -TERM -- "-$portal_pid" 2>/dev/null || true
    for _ in $(seq "$STOP_TIMEOUT_S"); do
      kill -0 "$portal_pid" 2>/dev/null || break
      sleep 1
    done
    kill -KILL -- "-$portal_pid" 2>/dev/null || true
  fi
  portal_pid=''
}

cleanup() {
  status=$?
  stop_portal
  if [ "$status" -ne 0 ] && [ -f "$release_dir/portal.log" ]; then
    echo "===== the portal's log" >&2
    tail -n 50 "$release_dir/portal.log" >&2
  fi
  rm -rf "$release_dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

started=$SECONDS
bash scripts/release.sh
echo "Release check: built in $((SECONDS - started)) s."

project_dir="$PWD"
# scripts/ holds the operator's commands (npm run store:backup, outbox:failed, google:check).
cp -R dist scripts package.json package-lock.json "$release_dir/"
cd "$release_dir"
installed=$SECONDS
if [ "${RELEASE_CHECK_COMPILE:-false}" = true ]; then
  timeout "$INSTALL_TIMEOUT_S" npm ci --omit=dev --no-audit --no-fund
else
  # The production tree's only install scripts compile the SQLite drivers (minutes without their
  # prebuilt downloads); the project's own install already compiled the same versions for this Node.
  timeout "$INSTALL_TIMEOUT_S" npm ci --omit=dev --ignore-scripts --no-audit --no-fund
  node - "$project_dir" <<'NODE'
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const project = process.argv[2];
const { packages } = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
for (const [where, entry] of Object.entries(packages)) {
  if (entry.dev || where === '' || !fs.existsSync(path.join(where, 'package.json'))) continue;
  const { scripts = {} } = JSON.parse(fs.readFileSync(path.join(where, 'package.json'), 'utf8'));
  if (!scripts.preinstall && !scripts.install && !scripts.postinstall) continue;
  const built = path.join(project, where, 'build');
  const manifest = path.join(project, where, 'package.json');
  const same = fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).version === entry.version;
  if (same && fs.existsSync(built)) {
    fs.cpSync(built, path.join(where, 'build'), { recursive: true });
    console.log(`Release check: ${where} ${entry.version}: the project's own compiled build.`);
  } else {
    console.log(`Release check: ${where} ${entry.version}: running its install script.`);
    execFileSync('npm', ['rebuild', where.replace(/^node_modules\//, '')], { stdio: 'inherit' });
  }
}
NODE
fi
echo "Release check: production dependencies installed in $((SECONDS - installed)) s, node_modules $(du -sh node_modules | cut -f1)."
for tool in "${BUILD_TOOLS[@]}"; do
  if [ -e "node_modules/$tool" ]; then
    echo "Release check: node_modules/$tool is installed with --omit=dev; it belongs in devDependencies." >&2
    exit 1
  fi
done

port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")"
# Its own process group, so that stopping it stops npm and the node it runs.
PORT="$port" HOST=127.0.0.1 PORTAL_DATA_DIR="$release_dir/data" LOG_FORMAT=json \
  setsid npm run start:prod >"$release_dir/portal.log" 2>&1 &
portal_pid=$!
base="http://127.0.0.1:$port"

deadline=$((SECONDS + START_TIMEOUT_S))
until curl -fsS --max-time "$REQUEST_TIMEOUT_S" -o /dev/null "$base/api/health" 2>/dev/null; do
  if ! kill -0 "$portal_pid" 2>/dev/null; then
    echo "Release check: npm run start:prod exited before it answered." >&2
    exit 1
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "Release check: /api/health did not answer within ${START_TIMEOUT_S} s." >&2
    exit 1
  fi
  sleep 1
done

for path in /api/health /api/ready; do
  code="$(curl -sS --max-time "$REQUEST_TIMEOUT_S" -o /dev/null -w '%{http_code}' "$base$path")"
  if [ "$code" != 200 ]; then
    echo "Release check: GET $path answered $code, not 200." >&2
    exit 1
  fi
done
home="$(curl -fsS --max-time "$REQUEST_TIMEOUT_S" -H 'Accept: text/html' "$base/")"
if [[ "$home" != *"$PORTAL_TITLE"* ]]; then
  echo "Release check: GET / is not the portal's home page (no $PORTAL_TITLE)." >&2
  exit 1
fi

# An operator's commands run from the release as well: a backup of the live store, the failed outbox.
backup="$release_dir/portal-backup.db"
if ! backed_up="$(PORTAL_DATA_DIR="$release_dir/data" npm run --silent store:backup -- "$backup" 2>&1)" \
  || [[ "$backed_up" != "Store backed up:"* ]] || [ ! -s "$backup" ]; then
  echo "Release check: npm run store:backup did not back up the running portal's store: $backed_up" >&2
  exit 1
fi
if ! failed="$(PORTAL_DATA_DIR="$release_dir/data" npm run --silent outbox:failed 2>&1)"; then
  echo "Release check: npm run outbox:failed did not read the outbox: $failed" >&2
  exit 1
fi
# Without Google's settings the preflight stops at its configuration, having loaded its code.
checked="$(npm run --silent google:check 2>&1 || true)"
if [[ "$checked" != "Configuration error: "* ]]; then
  echo "Release check: npm run google:check did not reach its configuration: $checked" >&2
  exit 1
fi

stop_portal
echo "Release check: npm run start:prod served /, /api/health and /api/ready (200), and store:backup, outbox:failed and google:check ran, in $((SECONDS - started)) s in all."
