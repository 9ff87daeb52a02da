#!/bin/sh
# How the reference TGA files and their PNG goldens here were made, once,
# with ImageMagick 6.9.11-60 (Debian 12's `convert`). They are committed; do
# not rerun this unless the set changes (another ImageMagick may write
# different, equally valid, bytes).
#
# The source is 8×6: varied colours and four alpha levels (0, 90, 200, 255),
# and one row of a single colour (a run for the RLE encoder).
set -eu
{
	echo "# ImageMagick pixel enumeration: 8,6,255,srgba"
	for y in 0 1 2 3 4 5; do for x in 0 1 2 3 4 5 6 7; do
		if [ $y -eq 2 ]; then r=200; g=30; b=90; a=255
		else
			r=$(( (x*37+y*11) % 256 )); g=$(( (y*53+x*29) % 256 )); b=$(( (x*y*13+5) % 256 ))
			a=$(( (x+y)%4==0 ? 0 : ((x+y)%4==1 ? 90 : ((x+y)%4==2 ? 200 : 255)) ))
		fi
		echo "$x,$y: ($r,$g,$b,$a)"
	done; done
} > /tmp/rgba.txt
convert txt:/tmp/rgba.txt -alpha off /tmp/src-rgb.png
convert txt:/tmp/rgba.txt /tmp/src-rgba.png
# ImageMagick writes the rows in memory order whatever -orient says (it only
# sets the origin bit), so the bottom-left files get the picture flipped
# first: every file then shows the same picture.
for o in BottomLeft TopLeft; do
	lo=$(echo $o | tr A-Z a-z | sed 's/left//')
	flip=""; [ $o = BottomLeft ] && flip="-flip"
	convert /tmp/src-rgb.png $flip -type TrueColor -compress None -orient $o rgb24-$lo.tga
	convert /tmp/src-rgb.png $flip -type TrueColor -compress RLE -orient $o rgb24-rle-$lo.tga
	convert /tmp/src-rgba.png $flip -type TrueColorAlpha -compress None -orient $o rgba32-$lo.tga
	convert /tmp/src-rgba.png $flip -type TrueColorAlpha -compress RLE -orient $o rgba32-rle-$lo.tga
	convert /tmp/src-rgb.png $flip -type TrueColor -depth 5 -compress None -orient $o rgb16-$lo.tga
	convert /tmp/src-rgb.png $flip -type TrueColor -depth 5 -compress RLE -orient $o rgb16-rle-$lo.tga
	convert /tmp/src-rgb.png $flip -colors 6 -type Palette -compress None -orient $o map8-$lo.tga
	convert /tmp/src-rgb.png $flip -colors 6 -type Palette -compress RLE -orient $o map8-rle-$lo.tga
	convert /tmp/src-rgb.png $flip -depth 5 -type Palette -compress None -orient $o map8-16-$lo.tga
done
# The goldens are ImageMagick's own decoding of each file, as 8-bit RGBA, put
# the right way up (ImageMagick reads rows in file order and only records the
# origin; -auto-orient applies it).
for f in *.tga; do convert "$f" -auto-orient -strip "PNG32:${f%.tga}.png"; done
