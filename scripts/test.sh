#!/usr/bin/env bash
# Every check and test of MS3D Studio. Run through ./dev test (which installs
# the Debian packages first). Exits non-zero at the first failure.
#
# Environment: FUZZTIME (default 200000x: executions, not seconds — a timed run
# can end in a spurious "context deadline exceeded" on a loaded Go 1.26
# machine) is how long each fuzz target runs.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Fyne, fonts and Mesa write caches and settings; keep them out of $HOME,
# but keep Go's build cache (by default under XDG_CACHE_HOME): without it
# every run would rebuild Fyne and GL from scratch.
GOCACHE=$(go env GOCACHE)
export GOCACHE XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" LANG=en_US.UTF-8
FUZZTIME="${FUZZTIME:-200000x}"

# Each step says how long the whole run has taken so far (CI has 30 minutes).
step() { printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "gofmt"
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then echo "not gofmt'ed:"; echo "$bad"; exit 1; fi

step "go vet"
go vet ./...

step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

step "ms3dtool builds without cgo"
CGO_ENABLED=0 go build -o "$tmp/ms3dtool" ./cmd/ms3dtool

step "cross-platform: for windows/amd64 every package that builds without cgo, for darwin/arm64 every one without Fyne"
# That is all of our code but the GL viewport, its test helpers and the
# app's main package (and, for macOS, where Fyne itself needs cgo, the UI
# too); those hold no platform-specific code, and a cold cgo cross-build of
# Fyne and GL for Windows took 11-13 minutes of CI's 30 here, so it is not
# repeated on every run: scripts/cross-build.sh does it.
# without DEP...: the import paths of the packages with Go files that build
# for GOOS/GOARCH with cgo off and depend on none of the DEPs.
without() {
	cond=""
	for dep in "$@"; do cond="$cond{{if eq . \"$dep\"}}{{\$d = true}}{{end}}"; done
	go list -e -f "{{if and .GoFiles (not .Error) (not .DepsErrors)}}{{\$d := false}}{{range .Deps}}$cond{{end}}{{if not \$d}}{{.ImportPath}}{{end}}{{end}}" ./...
}
glfw=github.com/go-gl/glfw/v3.3/glfw
for target in windows/amd64 darwin/arm64; do
	export GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0
	if [ "$GOOS" = darwin ]; then pkgs=$(without $glfw fyne.io/fyne/v2); else pkgs=$(without $glfw); fi
	echo "$target: $(echo "$pkgs" | wc -l) packages"
	go build $pkgs
	unset GOOS GOARCH CGO_ENABLED
done

step "the Khronos glTF validator (npm, from tools/gltf-validator's lock file)"
command -v node >/dev/null || { echo "Node.js 20 is needed for the glTF validator"; exit 1; }
npm ci --prefix tools/gltf-validator --no-audit --no-fund --loglevel=error

step "three.js, the judge of the glTF import (npm, from tools/gltf-judge's lock file)"
npm ci --prefix tools/gltf-judge --no-audit --no-fund --loglevel=error

step "tests (GL and window tests under Xvfb; a missing display, GL context, corpus, assimp or validator fails)"
export MS3D_REQUIRE_GL=1 MS3D_REQUIRE_CORPUS=1 MS3D_REQUIRE_DESKTOP=1 MS3D_REQUIRE_PRLIMIT=1
# -noreset: Xvfb otherwise resets when its last client disconnects, and a
# client connecting during the reset fails ("X11: Failed to open display";
# 32 of 200 quick reconnections here). Test binaries and the app's
# subprocesses come and go, so without it GL tests failed at random in CI.
xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" go test -count=1 ./...

step "race detector over every package that starts goroutines or shares memory between them"
# A package is raced when one of its Go files, code or test, has a go
# statement, or its code imports sync, sync/atomic or errgroup: computed
# here, so that a package that starts its first goroutine is covered. A
# -race build is a second build of everything it covers; the packages
# without concurrency stay out of it.
race_pkgs=()
while read -r pkg dir code tests; do
	code=(${code//,/ }) tests=(${tests//,/ })
	if grep -qE '^[[:space:]]*go[[:space:]]+(func[[:space:]]*\(|[A-Za-z_][A-Za-z0-9_.]*\()' "${code[@]/#/$dir/}" "${tests[@]/#/$dir/}" /dev/null ||
		grep -qE '"(sync|sync/atomic|golang.org/x/sync/errgroup)"' "${code[@]/#/$dir/}" /dev/null; then
		race_pkgs+=("$pkg")
	fi
done < <(go list -f '{{.ImportPath}} {{.Dir}} ,{{join .GoFiles ","}},{{join .CgoFiles ","}} ,{{join .TestGoFiles ","}},{{join .XTestGoFiles ","}}' ./...)
echo "${#race_pkgs[@]} packages: ${race_pkgs[*]#ms3dstudio/}"
# ms3dtool starts goroutines only in its batch runs (the commands over
# several files at once): its tests of those run under the race detector,
# its other tests, one command each, would add three minutes here.
cmd=ms3dstudio/cmd/ms3dtool
others=()
for p in "${race_pkgs[@]}"; do [ "$p" = "$cmd" ] || others+=("$p"); done
xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" go test -race -count=1 "${others[@]}"
if [ ${#others[@]} -lt ${#race_pkgs[@]} ]; then
	go test -race -count=1 -run 'Batch|ReportFiles' "$cmd"
fi

step "fuzzing each target for $FUZZTIME"
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		echo "-- $pkg $target"
		go test -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "$pkg" >"$tmp/fuzz.log" 2>&1 || { cat "$tmp/fuzz.log"; exit 1; }
		tail -n 1 "$tmp/fuzz.log"
	done
done

step "all checks passed"
