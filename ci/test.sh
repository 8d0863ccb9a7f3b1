#!/usr/bin/env bash
# Build the fork if needed, then run every test: the lit suites over
# llvm/test, clang/test and lld/test, and the googletest unit tests.
# Usage: ci/test.sh [lit options...]   (e.g. ci/test.sh --filter faithful)
# FORK_LONG_TESTS=1 also runs the long checks (the full faithfulness corpus).
source "$(dirname "$0")/common.sh"

"$REPO/ci/build.sh"

LIT=$LLVM_PREFIX/build/utils/lit/lit.py
[ -f "$LIT" ] || die "lit is missing ($LIT)" "apt-get install llvm-19-tools"

suites=()
for project in llvm clang lld unit; do
  dir=$BUILD/test/$project
  mkdir -p "$dir"
  cfg=lit.cfg.py
  [ $project = unit ] && cfg=unit.cfg.py
  cat >"$dir/lit.site.cfg.py.new" <<SITE
config.fork_project = "$project"
config.fork_repo = "$REPO"
config.fork_build = "$BUILD"
config.fork_upstream = "$UPSTREAM"
config.python_executable = "$(command -v python3)"
lit_config.load_config(config, "$REPO/ci/lit/$cfg")
SITE
  cmp -s "$dir/lit.site.cfg.py.new" "$dir/lit.site.cfg.py" ||
    mv "$dir/lit.site.cfg.py.new" "$dir/lit.site.cfg.py"
  rm -f "$dir/lit.site.cfg.py.new"
  suites+=("$dir")
done

log=$BUILD/test/lit.log
set +e
# A test that hangs (a miscompiled kernel that never ends) fails after
# FORK_TEST_TIMEOUT seconds instead of stalling the run (lit needs psutil,
# so lit runs on the Debian python that python3-psutil is installed for).
/usr/bin/python3 "$LIT" -sv --time-tests --timeout="${FORK_TEST_TIMEOUT:-900}" "$@" \
  "${suites[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -1; }
passed=$(($(count Passed || true) + 0))
failed=$(($(count Failed || true) + 0 + $(count Unresolved || true) + 0 + $(count 'Timed Out' || true) + 0))
echo "$passed passed, $failed failed"
exit "$status"
