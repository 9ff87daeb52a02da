#!/usr/bin/env bash
# Builds the installable Linux archive of MS3D Studio with `fyne package`
# (fyne.io/tools v1.7.4) and adds what Fyne's archive lacks for double-click
# opening: a shared-mime-info definition of the .ms3d type (.3ds is already
# image/x-3ds in freedesktop's database) and Makefile steps that register it.
#
#   scripts/package-linux.sh [BUILD_NUMBER]   → dist/MS3D_Studio.tar.xz
#
# Install from the archive:
#   tar xf MS3D_Studio.tar.xz && cd ms3dstudio && sudo make install
# (or `make user-install` for ~/.local). Both add a launcher, the icon and
# the file associations; `make uninstall` removes them.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-1}"
root="$PWD"
out="$root/dist"
work=$(mktemp -d)
trap 'rm -rf "$work" "$root/app/FyneApp.toml" "$root"/app/*.tar.xz' EXIT

./dev deps >/dev/null
# The binary is built here so that it is called ms3dstudio (fyne package
# names it after the folder, "app"); the app sets its ID and icon itself.
go build -trimpath -ldflags "-s -w" -o "$work/bin/ms3dstudio" ./app
# fyne package reads FyneApp.toml from the folder of the main package: lend
# it the repository's copy. --app-build keeps the file's Build unchanged.
cp FyneApp.toml app/FyneApp.toml
(cd app && go run fyne.io/tools/cmd/fyne@v1.7.4 package -os linux --exe "$work/bin/ms3dstudio" \
	--icon "$root/icon.png" --app-build "$build" --release)
mkdir "$work/pkg"
tar -C "$work/pkg" -xJf app/*.tar.xz
top="$work/pkg/ms3dstudio"
appid=$(sed -n 's/^ *ID *= *"\(.*\)"/\1/p' FyneApp.toml)
prefix=usr
[ -d "$top/usr/local" ] && prefix=usr/local
rel="$prefix/share/mime/packages/$appid.xml"
mkdir -p "$(dirname "$top/$rel")"
cat >"$top/$rel" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="model/x-ms3d">
    <comment>MilkShape 3D model</comment>
    <generic-icon name="image-x-generic"/>
    <glob pattern="*.ms3d"/>
    <magic priority="60">
      <match type="string" offset="0" value="MS3D000000"/>
    </magic>
  </mime-type>
</mime-info>
XML
# Fyne's Makefile takes the desktop file's Exec ("ms3dstudio %F", the %F
# added for [CanOpen]) as the binary's name, so install fails: give it the
# name alone.
sed -i 's/^Exec := "ms3dstudio %F"$/Exec := "ms3dstudio"/' "$top/Makefile"
grep -q '^Exec := "ms3dstudio"$' "$top/Makefile" || { echo "package-linux: unexpected Makefile from fyne package" >&2; exit 1; }
cat >>"$top/Makefile" <<MAKE

# Added by scripts/package-linux.sh: the .ms3d type, so that double-clicking
# a model opens MS3D Studio.
install: install-mime
install-mime:
	install -Dm00644 $rel \$(DESTDIR)\$(PREFIX)/share/mime/packages/$appid.xml
	-update-mime-database \$(DESTDIR)\$(PREFIX)/share/mime
	-update-desktop-database \$(DESTDIR)\$(PREFIX)/share/applications
uninstall: uninstall-mime
uninstall-mime:
	-rm \$(DESTDIR)\$(PREFIX)/share/mime/packages/$appid.xml
	-update-mime-database \$(DESTDIR)\$(PREFIX)/share/mime
user-install: user-install-mime
user-install-mime:
	install -Dm00644 $rel \$(HOME)/.local/share/mime/packages/$appid.xml
	-update-mime-database \$(HOME)/.local/share/mime
	-update-desktop-database \$(HOME)/.local/share/applications
user-uninstall: user-uninstall-mime
user-uninstall-mime:
	-rm \$(HOME)/.local/share/mime/packages/$appid.xml
	-update-mime-database \$(HOME)/.local/share/mime
MAKE
mkdir -p "$out"
tar -C "$work/pkg" -cJf "$out/MS3D_Studio.tar.xz" ms3dstudio
echo "$out/MS3D_Studio.tar.xz"
