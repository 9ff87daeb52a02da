#!/bin/sh
# Viewport speed table (issue 13): plays each model with the app's
# --benchmark mode and prints, per window size,
#
#   | model | window | fps | sample's fps | × sample | % of bare | render_ms | frame_ms | frames | cpu_ms |
#
# for the embedded sample, every shared corpus model (or $MODELS, paths
# relative to the corpus's ms3d folder), and the stress model at the
# format's limits (internal/stress), beside the ceiling: a bare Fyne window
# with one 700×550 raster refreshed every frame (tools/benchbare),
# measured in the same run, before the models and again after them.
# Absolute figures on shared machines swing by 2× from one hour to the
# next, and by 1.5× within one run: compare rows of one run. cpu_ms is the CPU time
# the whole process (GL driver threads included) spends per frame shown:
# it hardly moves with the machine's load, so it compares across runs.
#
# With RUNS=N (default 1) every row is measured N times, each run of a model
# right after a run of the sample, and the table gives the medians: a
# model's "sample's fps" is then the median of the sample runs beside its
# own, so slow drifts of the machine's load cancel out of "× sample".
#
# usage: [RUNS=N] scripts/bench-viewport.sh [SECONDS [WxH ...]]   (default 4 s, 1280x800 1920x1080)
set -eu
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ]; then
	exec xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" "$0" "$@"
fi
secs=${1:-4}
[ $# -gt 0 ] && shift
sizes=${*:-1280x800 1920x1080}
corpus=${MS3D_TESTDATA:-testdata}/ms3d
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Keep Go's build cache (it lives under XDG_CACHE_HOME by default).
GOCACHE=$(go env GOCACHE)
export GOCACHE LANG=en_US.UTF-8 XDG_CONFIG_HOME="$tmp/cfg" XDG_CACHE_HOME="$tmp/cache"
go build -o "$tmp/app" ./app
go build -o "$tmp/bare" ./tools/benchbare
go run ./tools/stressgen "$tmp/stress" >/dev/null
if [ -z "${MODELS:-}" ] && [ -f "$corpus/MANIFEST.tsv" ]; then
	MODELS=$(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv")
fi

# run NAME SIZE [FILE]: prints "fps render_ms frame_ms cpu_ms" (or "- - - -").
run() {
	line=$("$tmp/app" --benchmark "$secs" --size "$2" ${3:+"$3"} 2>/dev/null | grep '^fps=' || true)
	if [ -z "$line" ]; then echo "- - - -"; return; fi
	echo "$line" | sed 's/fps=//; s/render_ms=//; s/frame_ms=//; s/cpu_ms=//'
}
runs=${RUNS:-1}
summary=""
# median: the median of its arguments ("-" when there are none).
median() { printf '%s\n' "$@" | grep -v '^-$' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# runs alone|paired NAME SIZE [FILE]: like run, RUNS times (paired: each
# right after a run of the sample); prints the medians "fps render_ms
# frame_ms cpu_ms sample_fps" (sample_fps "-" unless paired and RUNS > 1).
runs() {
	how=$1 name=$2 size=$3 file=${4:-}
	fps="" render="" frame="" cpu="" sample=""
	for _ in $(seq "$runs"); do
		if [ "$how" = paired ] && [ "$runs" -gt 1 ]; then
			set -- $(run sample "$size")
			sample="$sample $1"
		fi
		set -- $(run "$name" "$size" ${file:+"$file"})
		fps="$fps $1" render="$render $2" frame="$frame $3" cpu="$cpu $4"
	done
	echo "$(median $fps) $(median $render) $(median $frame) $(median $cpu) $(median $sample)"
}
share() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.0f %%", 100 * a / b }'; }
# frames FRAME_MS FPS: frame_ms in frames shown (the target is at most 2).
frames() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.2f", a * b / 1000 }'; }

# The CPU matters more than the load: llvmpipe's texture reads are AVX2
# gathers, slow on some CPUs (on an AMD EPYC the sample ran at 37–41 fps
# where the bare window ran at 59, against 59 on an earlier machine).
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "machine: ${cpu:-unknown CPU}, $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "| model | window | fps | sample's fps | × sample | % of bare | render_ms | frame_ms | frames | cpu_ms |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# bare SIZE: the bare window's median "fps cpu_ms" over RUNS runs.
# (The size is kept apart: each run's "set --" replaces $1.)
bare() {
	bfps="" bcpu="" bsize=$1
	for _ in $(seq "$runs"); do
		set -- $("$tmp/bare" --seconds "$secs" --size "$bsize" 2>/dev/null | sed -n 's/^fps=//p' | sed 's/cpu_ms=//')
		bfps="$bfps ${1:--}" bcpu="$bcpu ${2:--}"
	done
	echo "$(median $bfps) $(median $bcpu)"
}
for size in $sizes; do
	set -- $(bare "$size")
	bare=$1
	echo "| bare Fyne window, one 700×550 raster | $size | $bare | | | 100 % | | | | $2 |"
	set -- $(runs alone sample "$size")
	sfps=$1
	echo "| sample | $size | $1 | $1 | 1.00 | $(pct "$1" "$bare") | $2 | $3 | $(frames "$3" "$1") | $4 |"
	models=0 near90=0 worst=$(frames "$3" "$1")
	for m in $MODELS "$tmp/stress/stress.ms3d"; do
		case $m in
		/*) path=$m name="stress (65,535 v/t, 32 textured groups, 128 joints, 4 weights)" ;;
		*) path=$corpus/$m name=$m ;;
		esac
		set -- $(runs paired "$name" "$size" "$path")
		near=${5:-$sfps}
		[ "$near" = "-" ] && near=$sfps
		ratio=$(share "$1" "$near") fr=$(frames "$3" "$1")
		echo "| $name | $size | $1 | $near | $ratio | $(pct "$1" "$bare") | $2 | $3 | $fr | $4 |"
		models=$((models + 1))
		if awk -v r="$ratio" 'BEGIN { exit !(r != "-" && r >= 0.9) }'; then near90=$((near90 + 1)); fi
		worst=$(awk -v a="$worst" -v b="$fr" 'BEGIN { if (b != "-" && (a == "-" || b > a)) print b; else print a }')
	done
	# Again at the end: the machine's speed can drift within a run, and
	# "% of bare" is only as good as the minute the ceiling was measured in.
	set -- $(bare "$size")
	echo "| bare Fyne window, measured again after the models | $size | $1 | | | $(pct "$1" "$bare") | | | | $2 |"
	summary="$summary
$size: $near90 of $models models (the stress model included) at ≥ 0.9× the sample; frame_ms at most $worst frames; the bare window at $bare fps before the models and $1 after"
done
echo "$summary"
