#!/usr/bin/env bash
# Builds the installable Linux archive of MS3D Studio with `fyne package`
# (fyne.io/tools v1.7.4) and adds what Fyne's archive lacks: ms3dtool, the
# shared-mime-info types of every model format the app opens
# (packaging/linux/io.github.ms3dstudio.xml), the freedesktop thumbnailer
# that draws them in file managers with ms3dtool thumbnail
# (packaging/linux/io.github.ms3dstudio.thumbnailer), and Makefile steps
# that install and register them.
#
#   scripts/package-linux.sh [BUILD_NUMBER] [OUT_DIR]   → OUT_DIR/MS3D_Studio.tar.xz (default dist/)
#
# MS3D_APP_BIN, when set, names an app binary already built (go build
# ./app) to package instead of building one here with -trimpath.
#
# Install from the archive:
#   tar xf MS3D_Studio.tar.xz && cd ms3dstudio && sudo make install
# (or `make user-install` for ~/.local; PREFIX=… installs elsewhere). Both
# add a launcher, the icon, the file associations and the thumbnailer;
# `make uninstall` removes them. GNOME runs thumbnailers in a sandbox that
# sees /usr only, so the thumbnails of a user install (~/.local/bin) show
# in file managers that do not sandbox them (KDE, Xfce), not in GNOME's.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-1}"
root="$PWD"
out="${2:-$root/dist}"
work=$(mktemp -d)
trap 'rm -rf "$work" "$root/app/FyneApp.toml" "$root"/app/*.tar.xz' EXIT

./dev deps >/dev/null
# The binary is built here so that it is called ms3dstudio (fyne package
# names it after the folder, "app"); the app sets its ID and icon itself.
mkdir -p "$work/bin"
if [ -n "${MS3D_APP_BIN:-}" ]; then
	cp "$MS3D_APP_BIN" "$work/bin/ms3dstudio"
else
	go build -trimpath -ldflags "-s -w" -o "$work/bin/ms3dstudio" ./app
fi
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$work/bin/ms3dtool" ./cmd/ms3dtool
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
mime="$prefix/share/mime/packages/$appid.xml"
thumb="$prefix/share/thumbnailers/$appid.thumbnailer"
tool="$prefix/bin/ms3dtool"
install -Dm644 "packaging/linux/$appid.xml" "$top/$mime"
install -Dm644 "packaging/linux/$appid.thumbnailer" "$top/$thumb"
install -Dm755 "$work/bin/ms3dtool" "$top/$tool"
# Fyne's Makefile takes the desktop file's Exec ("ms3dstudio %F", the %F
# added for [CanOpen]) as the binary's name, so install fails: give it the
# name alone.
sed -i 's/^Exec := "ms3dstudio %F"$/Exec := "ms3dstudio"/' "$top/Makefile"
grep -q '^Exec := "ms3dstudio"$' "$top/Makefile" || { echo "package-linux: unexpected Makefile from fyne package" >&2; exit 1; }
cat >>"$top/Makefile" <<MAKE

# Added by scripts/package-linux.sh: the model types, so that
# double-clicking a model opens MS3D Studio, ms3dtool, and its thumbnailer,
# so that file managers show the models' pictures.
install: install-desktop
install-desktop:
	install -Dm00644 $mime \$(DESTDIR)\$(PREFIX)/share/mime/packages/$appid.xml
	install -Dm00644 $thumb \$(DESTDIR)\$(PREFIX)/share/thumbnailers/$appid.thumbnailer
	install -Dm00755 $tool \$(DESTDIR)\$(PREFIX)/bin/ms3dtool
	-update-mime-database \$(DESTDIR)\$(PREFIX)/share/mime
	-update-desktop-database \$(DESTDIR)\$(PREFIX)/share/applications
uninstall: uninstall-desktop
uninstall-desktop:
	-rm \$(DESTDIR)\$(PREFIX)/share/mime/packages/$appid.xml
	-rm \$(DESTDIR)\$(PREFIX)/share/thumbnailers/$appid.thumbnailer
	-rm \$(DESTDIR)\$(PREFIX)/bin/ms3dtool
	-update-mime-database \$(DESTDIR)\$(PREFIX)/share/mime
user-install: user-install-desktop
user-install-desktop:
	install -Dm00644 $mime \$(HOME)/.local/share/mime/packages/$appid.xml
	install -Dm00644 $thumb \$(HOME)/.local/share/thumbnailers/$appid.thumbnailer
	install -Dm00755 $tool \$(HOME)/.local/bin/ms3dtool
	sed -i -e "s,^TryExec=ms3dtool,TryExec=\$(HOME)/.local/bin/ms3dtool," -e "s,^Exec=ms3dtool,Exec=\$(HOME)/.local/bin/ms3dtool," \$(HOME)/.local/share/thumbnailers/$appid.thumbnailer
	-update-mime-database \$(HOME)/.local/share/mime
	-update-desktop-database \$(HOME)/.local/share/applications
user-uninstall: user-uninstall-desktop
user-uninstall-desktop:
	-rm \$(HOME)/.local/share/mime/packages/$appid.xml
	-rm \$(HOME)/.local/share/thumbnailers/$appid.thumbnailer
	-rm \$(HOME)/.local/bin/ms3dtool
	-update-mime-database \$(HOME)/.local/share/mime
MAKE
mkdir -p "$out"
tar -C "$work/pkg" -cJf "$out/MS3D_Studio.tar.xz" ms3dstudio
echo "$out/MS3D_Studio.tar.xz"
