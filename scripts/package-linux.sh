#!/usr/bin/env bash
# Builds the installable Linux archive of MS3D Studio with `fyne package`
# (fyne.io/tools v1.7.4) and adds what Fyne's archive lacks for double-click
# opening: a shared-mime-info definition of the .ms3d type (.3ds is already
# image/x-3ds in freedesktop's database) and Makefile steps that register it.
#
#   scripts/package-linux.sh [BUILD_NUMBER]   → dist/MS3D_Studio.tar.xz
#
# Install from the archive:  tar xf MS3D_Studio.tar.xz && sudo make install
# (or `make user-install` for ~/.local). Both add a launcher and the file
# associations.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-1}"
out="$PWD/dist"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

./dev deps >/dev/null
# --app-build keeps FyneApp.toml unchanged (fyne package bumps Build otherwise).
(cd app && go run fyne.io/tools/cmd/fyne@v1.7.4 package -os linux --src . --icon ../icon.png --app-build "$build" --release)
archive=$(ls app/*.tar.xz)
tar -C "$work" -xJf "$archive"
rm -f "$archive"

appid=$(sed -n 's/^ *ID *= *"\(.*\)"/\1/p' FyneApp.toml)
local=$(cd "$work" && ls -d usr/local 2>/dev/null || true)
share="$work/${local:-usr}/share"
mkdir -p "$share/mime/packages"
cat >"$share/mime/packages/$appid.xml" <<'XML'
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
rel="${local:-usr}/share/mime/packages/$appid.xml"
cat >>"$work/Makefile" <<MAKE

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
tar -C "$work" -cJf "$out/MS3D_Studio.tar.xz" .
echo "$out/MS3D_Studio.tar.xz"
