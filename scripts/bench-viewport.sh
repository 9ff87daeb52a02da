#!/bin/sh
# Viewport speed table (issue 13): plays each model with the app's
# --benchmark mode and prints, per window size,
#
#   | model | window | fps | sample's fps | × sample | % of bare | render_ms | frame_ms | cpu_ms |
#
# for the embedded sample, every shared corpus model (or $MODELS, paths
# relative to the corpus's ms3d folder), and the stress model at the
# format's limits (internal/stress), beside the ceiling: a bare Fyne window
# with one 700×550 raster refreshed every frame (internal/benchbare),
# measured in the same run. Absolute figures on shared machines swing by 2×
# from one hour to the next: compare rows of one run. cpu_ms is the CPU time
# the whole process (GL driver threads included) spends per frame shown:
# it hardly moves with the machine's load, so it compares across runs.
#
# usage: scripts/bench-viewport.sh [SECONDS [WxH ...]]   (default 4 s, 1280x800 1920x1080)
set -eu
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ]; then
	exec xvfb-run -a -s "-screen 0 1920x1080x24" "$0" "$@"
fi
secs=${1:-4}
[ $# -gt 0 ] && shift
sizes=${*:-1280x800 1920x1080}
corpus=${MS3D_TESTDATA:-../shared/testdata}/ms3d
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Keep Go's build cache (it lives under XDG_CACHE_HOME by default).
GOCACHE=$(go env GOCACHE)
export GOCACHE LANG=en_US.UTF-8 XDG_CONFIG_HOME="$tmp/cfg" XDG_CACHE_HOME="$tmp/cache"
go build -o "$tmp/app" ./app
go build -o "$tmp/bare" ./internal/benchbare
go run ./internal/stress/stressgen "$tmp/stress" >/dev/null
if [ -z "${MODELS:-}" ] && [ -f "$corpus/MANIFEST.tsv" ]; then
	MODELS=$(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv")
fi

# run NAME SIZE [FILE]: prints "fps render_ms frame_ms cpu_ms" (or "- - - -").
run() {
	line=$("$tmp/app" --benchmark "$secs" --size "$2" ${3:+"$3"} 2>/dev/null | grep '^fps=' || true)
	if [ -z "$line" ]; then echo "- - - -"; return; fi
	echo "$line" | sed 's/fps=//; s/render_ms=//; s/frame_ms=//; s/cpu_ms=//'
}
share() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.0f %%", 100 * a / b }'; }

echo "| model | window | fps | sample's fps | × sample | % of bare | render_ms | frame_ms | cpu_ms |"
echo "|---|---|---|---|---|---|---|---|---|"
for size in $sizes; do
	set -- $("$tmp/bare" --seconds "$secs" --size "$size" 2>/dev/null | sed -n 's/^fps=//p' | sed 's/cpu_ms=//')
	bare=${1:--}
	echo "| bare Fyne window, one 700×550 raster | $size | $bare | | | 100 % | | | ${2:--} |"
	set -- $(run sample "$size")
	sfps=$1
	echo "| sample | $size | $1 | $1 | 1.00 | $(pct "$1" "$bare") | $2 | $3 | $4 |"
	for m in $MODELS "$tmp/stress/stress.ms3d"; do
		case $m in
		/*) path=$m name="stress (65,535 v/t, 32 textured groups, 128 joints, 4 weights)" ;;
		*) path=$corpus/$m name=$m ;;
		esac
		set -- $(run "$name" "$size" "$path")
		echo "| $name | $size | $1 | $sfps | $(share "$1" "$sfps") | $(pct "$1" "$bare") | $2 | $3 | $4 |"
	done
done
