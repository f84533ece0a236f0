#!/usr/bin/env bash
# `npm test`: lint, typecheck, locale check, Vitest on PGlite and on PostgreSQL (when reachable),
# production build, Playwright. Every stage runs even when an earlier one failed, so the final
# count is complete. The last line of output is always exactly `N passed, N failed`.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
mkdir -p test-results
rm -f test-results/vitest-*.json test-results/playwright*

passed=0
failed=0
build_ok=1

banner() { printf '\n=== %s ===\n' "$*"; }

# A stage that is one check: 1 passed or 1 failed.
single() {
  local name=$1
  shift
  banner "$name"
  if "$@"; then
    passed=$((passed + 1))
    return 0
  fi
  failed=$((failed + 1))
  echo "=== FAILED: $name ==="
  return 1
}

# Adds the counts of a JSON report: count <vitest|playwright> <file> <exit status of the runner>.
# A missing/broken report or a failing runner whose report shows no failed test counts 1 failed.
count() {
  local result p f
  result=$(node - "$1" "$2" "$3" <<'EOF'
const fs = require("node:fs");
const [kind, file, status] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(fs.readFileSync(file, "utf8"));
} catch {
  console.error(`=== FAILED: no readable ${kind} results in ${file} ===`);
  console.log("0 1");
  process.exit(0);
}
let p = 0;
let f = 0;
if (kind === "vitest") {
  p = report.numPassedTests ?? 0;
  f = report.numFailedTests ?? 0;
  // A file that failed without a failed test (import error, failing beforeAll) still counts.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed").length;
    if (file.status === "failed" && failedTests === 0) {
      f += 1;
      console.error(`=== FAILED (suite error): ${file.name}${file.message ? `: ${file.message.split("\n")[0]}` : ""} ===`);
    }
  }
} else {
  const s = report.stats ?? {};
  p = (s.expected ?? 0) + (s.flaky ?? 0);
  f = s.unexpected ?? 0;
  for (const e of report.errors ?? []) console.error(`=== Playwright error: ${(e.message ?? "").split("\n")[0]} ===`);
}
if (Number(status) !== 0 && f === 0) {
  console.error(`=== FAILED: ${kind} exited with status ${status} ===`);
  f = 1;
}
console.log(`${p} ${f}`);
EOF
  )
  read -r p f <<<"${result:-0 1}"
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-1}))
}

single "ESLint" npm run lint
single "TypeScript" npm run typecheck
single "Locales" npm run check:i18n

banner "Vitest on PGlite"
TEST_DB_ENGINE=pglite npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest-pglite.json
count vitest test-results/vitest-pglite.json $?

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pg_shown=$(printf '%s' "$pg_url" | sed -E 's#(://[^:/@]*):[^@/]*@#\1:***@#')
if node -e '
  setTimeout(() => process.exit(1), 3000).unref();
  const pg = require("pg");
  const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  client.connect().then(() => client.query("select 1")).then(() => client.end()).then(() => process.exit(0), () => process.exit(1));
' "$pg_url" >/dev/null 2>&1; then
  banner "Vitest on PostgreSQL ($pg_shown)"
  TEST_DB_ENGINE=postgres TEST_DATABASE_URL="$pg_url" npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest-postgres.json
  count vitest test-results/vitest-postgres.json $?
else
  echo
  echo "=== SKIPPED: PostgreSQL not reachable at $pg_shown; integration tests ran on PGlite only ==="
fi

single "Build" npm run build || build_ok=0

if [ "$build_ok" = 1 ]; then
  # Two shards side by side, each with its own server and database (ports 3100 and 3101): a
  # spec's live notices (a new member's toast on the admins' pages) reach only its own shard,
  # which has one worker, so they never land on another spec's screen. The site-wide specs
  # change settings every visitor sees and run last, on a server of their own (3102).
  banner "Playwright (2 shards in parallel, then the site-wide specs)"
  pw_shard() {
    local shard=$1 port=$2
    E2E_PORT=$port PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright-$shard.json \
      npx playwright test --project=chromium --shard="$shard/2" --reporter=list,json \
      >"test-results/playwright-$shard.log" 2>&1
    echo $? >"test-results/playwright-$shard.status"
  }
  pw_shard 1 3100 &
  pw_shard 2 3101 &
  wait
  for shard in 1 2; do
    banner "Playwright shard $shard of 2"
    cat "test-results/playwright-$shard.log"
    count playwright "test-results/playwright-$shard.json" "$(cat "test-results/playwright-$shard.status" 2>/dev/null || echo 1)"
  done
  banner "Playwright: site-wide settings"
  E2E_PORT=3102 PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright-site-wide.json \
    npx playwright test --project=site-wide --no-deps --reporter=list,json
  count playwright test-results/playwright-site-wide.json $?
else
  echo "=== SKIPPED: Playwright (the build failed; counted as 1 failed) ==="
  failed=$((failed + 1))
fi

echo
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
