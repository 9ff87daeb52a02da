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

step "cross-platform: every package that builds without cgo vetted for windows/amd64 and darwin/arm64"
# That is all of our code but the GL viewport and the app's main package;
# those two hold no platform-specific code (they only need Fyne's GLFW
# driver, which is cgo), and a cold cgo cross-build of Fyne and GL for
# Windows took 11-13 minutes of CI's 30 here, so it is not repeated on
# every run: scripts/cross-build.sh does it.
for target in windows/amd64 darwin/arm64; do
	export GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0
	pkgs=$(go list -e -f '{{if and (not .Error) (not .DepsErrors)}}{{.ImportPath}}{{end}}' ./...)
	echo "$target: $(echo "$pkgs" | wc -l) packages"
	go vet $pkgs
	go build -o /dev/null ./cmd/ms3dtool
done
unset GOOS GOARCH CGO_ENABLED

step "the Khronos glTF validator (npm, from tools/gltf-validator's lock file)"
command -v node >/dev/null || { echo "Node.js 20 is needed for the glTF validator"; exit 1; }
npm ci --prefix tools/gltf-validator --no-audit --no-fund --loglevel=error

step "tests (GL and window tests under Xvfb; a missing display, GL context, corpus, assimp or validator fails)"
export MS3D_REQUIRE_GL=1 MS3D_REQUIRE_CORPUS=1
xvfb-run -a -s "-screen 0 1920x1080x24" go test -count=1 ./...

step "race detector over the packages with goroutines (UI, viewport, animation, document, texture search and watch)"
race_pkgs=()
for d in ui viewport model/anim document texture app; do
	[ -d "$d" ] && race_pkgs+=("./$d/...")
done
xvfb-run -a -s "-screen 0 1920x1080x24" go test -race -count=1 "${race_pkgs[@]}"

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
