#!/bin/sh
# Remakes the DDS test files and their PNG goldens; run once, from this folder,
# with ImageMagick 6 (apt-get install imagemagick). The goldens are
# ImageMagick's own decoding of each file. The DX10 files have none: they hold
# the blocks of bc1-alpha.dds and bc3-odd.dds and share those files' goldens;
# nor has a8b8g8r8.dds (see gen.go).
set -eu
convert -size 16x16 xc:black -alpha set \
	-channel R -fx 'i/(w-1)' -channel G -fx 'j/(h-1)' -channel B -fx '((i+j)%5)/4' \
	-channel A -fx 'i<4 ? 1 : (i<8 ? j/(h-1) : ((i+j)%3==0 ? 0 : 1))' +channel -depth 8 /tmp/dds-src.png
# Files ImageMagick writes (it writes "dxt3" as DXT5, so DXT3 comes from gen.go).
convert /tmp/dds-src.png -define dds:compression=dxt1 -define dds:mipmaps=0 im-dxt1.dds
convert /tmp/dds-src.png -define dds:compression=dxt5 -define dds:mipmaps=0 im-dxt5.dds
convert /tmp/dds-src.png -define dds:compression=dxt5 im-dxt5-mipmaps.dds
convert /tmp/dds-src.png -define dds:compression=none -define dds:mipmaps=0 im-bgra.dds
convert /tmp/dds-src.png -alpha off -define dds:compression=none -define dds:mipmaps=0 im-bgr.dds
# Random blocks and pixels of the variants ImageMagick does not write.
go run gen.go
for f in *.dds; do
	case $f in dx10-* | a8b8g8r8.dds) continue ;; esac
	convert "$f" "${f%.dds}.png"
done
