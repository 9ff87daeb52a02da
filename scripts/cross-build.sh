#!/usr/bin/env bash
# Cross-builds the whole app (Fyne, GLFW and GL included) for Windows with
# mingw-w64 (gcc-mingw-w64-x86-64), and ms3dtool for Windows and macOS.
# A cold cgo build for Windows takes 11-13 minutes on 2 cores, so CI
# (scripts/test.sh) vets our packages for both systems instead; run this
# before a release or after changing the app's or viewport's build.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v x86_64-w64-mingw32-gcc >/dev/null || { echo "cross-build: needs the Debian package gcc-mingw-w64-x86-64" >&2; exit 2; }
out=${1:-dist}
mkdir -p "$out"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$out/ms3dtool.exe" ./cmd/ms3dtool
GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 go build -o "$out/ms3dtool-darwin-arm64" ./cmd/ms3dtool
CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc GOOS=windows GOARCH=amd64 go build -ldflags "-H=windowsgui" -o "$out/MS3DStudio.exe" ./app
ls -l "$out"
