#!/bin/sh
# Remakes the PCX test files and their PNG goldens; run once, from this folder,
# with ImageMagick 6 (apt-get install imagemagick). The goldens are
# ImageMagick's own decoding of each file, but for the 1-bit one-plane files,
# which share the golden of mono-as-pal8.pcx (see gen.go).
set -eu
convert -size 16x16 xc:black -alpha set \
	-channel R -fx 'i/(w-1)' -channel G -fx 'j/(h-1)' -channel B -fx '((i+j)%5)/4' \
	-channel A -fx 'i<4 ? 1 : (i<8 ? j/(h-1) : ((i+j)%3==0 ? 0 : 1))' +channel -depth 8 /tmp/pcx-src.png
# Files ImageMagick writes: 8-bit paletted, three planes, four planes.
convert /tmp/pcx-src.png -alpha off -colors 200 -type palette im-pal8.pcx
convert /tmp/pcx-src.png -alpha off -type truecolor im-rgb24.pcx
convert /tmp/pcx-src.png -type truecolormatte im-rgba32.pcx
# Random pixels of the variants ImageMagick does not write.
go run gen.go
for f in *.pcx; do
	case $f in mono.pcx | mono-colours.pcx) continue ;; esac
	convert "$f" "${f%.pcx}.png"
done
