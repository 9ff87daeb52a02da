package teximage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"

	"ms3dstudio/internal/imagelimit"
)

// Budget is the most memory, in bytes, that decoding one image may take
// (the decoded pixels and the decoder's own working memory, such as a
// progressive JPEG's coefficients or an interlaced PNG's passes), and the
// most that each step making new pixels from a decoded image may allocate
// (texture.WithAlpha, palette.Quantize, the glTF and GoldSrc conversions).
// It is declared here once; those steps check their needs with Within.
//
// Every 8-bit RGBA image within the pixel limits fits (MaxPixels × 4
// bytes), so that a process holding a texture and one copy of it stays
// under 1 GB; what needs more is refused with a *BudgetError before
// anything is allocated: a 16-bit RGBA PNG of 16384×4096 (512 MiB), a
// progressive JPEG of that size (960 MiB of coefficients and pixels).
const Budget = 256 << 20

// BudgetError reports an image, or a step on one, that would need more
// memory than Budget. It matches ErrTooLarge under errors.Is.
type BudgetError struct {
	// What names the step: "decoding a png of 16384×4096 pixels, RGBA at
	// 16 bits a channel", "quantising 16384×4096 pixels".
	What string
	// Need is the memory it would take, in bytes.
	Need int64
}

// Error returns "decoding a png of 16384×4096 pixels, RGBA at 16 bits a
// channel needs 512 MiB; the budget is 256 MiB".
func (e *BudgetError) Error() string {
	return fmt.Sprintf("%s needs %s; the budget is %s", e.What, mib(e.Need), mib(Budget))
}

// Is reports whether target is ErrTooLarge.
func (e *BudgetError) Is(target error) bool { return target == ErrTooLarge }

// Within returns a *BudgetError when need bytes are more than Budget;
// what names the step ("quantising 16384×4096 pixels").
func Within(what string, need int64) error {
	if need > Budget {
		return &BudgetError{What: what, Need: need}
	}
	return nil
}

func mib(n int64) string {
	if n >= 10<<20 {
		return fmt.Sprintf("%d MiB", (n+1<<19)>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// ShortDataError reports data that cannot hold the pixels its header
// claims: it is refused before anything is allocated, as the decoder
// would allocate the whole image and then run out of data.
type ShortDataError struct {
	// Format is the format name, Width and Height the size claimed.
	Format        string
	Width, Height int
	// Have is the bytes there are, Need the fewest that could hold the
	// pixels, and Why says how Need was worked out.
	Have, Need int64
	Why        string
}

// Error returns "jpeg of 4096×4096 pixels: 144 bytes of data cannot hold
// them (they need at least 98394: 786432 blocks of at least a bit each
// after the frame header)".
func (e *ShortDataError) Error() string {
	return fmt.Sprintf("%s of %d×%d pixels: %d bytes of data cannot hold them (they need at least %d: %s)",
		e.Format, e.Width, e.Height, e.Have, e.Need, e.Why)
}

// plan is what decoding an image will take, worked out from its headers
// and the length of its data before any pixel is allocated.
type plan struct {
	what string // "png of 16384×4096 pixels, RGBA at 16 bits a channel"
	need int64  // bytes of memory decoding takes
	// minData is the fewest bytes of data (the whole file) that can hold
	// the pixels; 0 when not known (the format's own decoder checks).
	minData int64
	why     string // how minData was worked out
}

// check returns a *BudgetError when the image needs more memory than the
// budget, or a *ShortDataError when size bytes cannot hold it.
func (p plan) check(format string, cfg image.Config, size int64) error {
	if err := Within("decoding a "+p.what, p.need); err != nil {
		return err
	}
	if size >= 0 && size < p.minData {
		return &ShortDataError{Format: format, Width: cfg.Width, Height: cfg.Height, Have: size, Need: p.minData, Why: p.why}
	}
	return nil
}

// planFor works out the plan of an image of format whose configuration is
// cfg; r reads the file from its start (the PNG and JPEG headers are
// walked again for what image.Config does not say).
func planFor(format string, cfg image.Config, r io.Reader) (plan, error) {
	pixels := int64(cfg.Width) * int64(cfg.Height)
	p := plan{what: fmt.Sprintf("%s of %d×%d pixels", format, cfg.Width, cfg.Height)}
	switch format {
	case PNG:
		h, err := scanPNG(r)
		if err != nil {
			return p, err
		}
		return h.plan(p, cfg), nil
	case JPEG:
		f, err := scanJPEG(r)
		if err != nil {
			return p, err
		}
		return f.plan(p, cfg), nil
	case BMP:
		// golang.org/x/image/bmp allocates the image, then reads its rows.
		var head [34]byte
		if _, err := io.ReadFull(r, head[:]); err == nil {
			off := int64(binary.LittleEndian.Uint32(head[10:]))
			bpp := int64(binary.LittleEndian.Uint16(head[28:]))
			if binary.LittleEndian.Uint32(head[30:]) == 0 {
				stride := (int64(cfg.Width)*bpp + 31) / 32 * 4
				p.minData, p.why = off+stride*int64(cfg.Height), fmt.Sprintf("%d-byte rows from byte %d", stride, off)
			}
		}
	}
	p.need = pixels * bytesPerPixel(cfg.ColorModel)
	return p, nil
}

// bytesPerPixel is the size of a pixel of an image in colour model m.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
}

// pngHeader is what a PNG's chunks say about decoding it.
type pngHeader struct {
	depth, colorType, interlace byte
	trns                        bool  // a tRNS chunk before the image data
	idat                        int64 // bytes of image data
	end                         int64 // bytes read up to and including IEND, or to the end
}

// scanPNG walks the chunks of the PNG r reads, skipping their data.
func scanPNG(r io.Reader) (pngHeader, error) {
	var h pngHeader
	var buf [13]byte
	if _, err := io.ReadFull(r, buf[:8]); err != nil {
		return h, err
	}
	h.end = 8
	for {
		if _, err := io.ReadFull(r, buf[:8]); err != nil {
			return h, nil // cut short: the decoder says where
		}
		n, kind := int64(binary.BigEndian.Uint32(buf[:4])), string(buf[4:8])
		h.end += 12 + n
		skip := n + 4
		switch kind {
		case "IHDR":
			if n < 13 {
				return h, nil
			}
			if _, err := io.ReadFull(r, buf[:13]); err != nil {
				return h, nil
			}
			h.depth, h.colorType, h.interlace = buf[8], buf[9], buf[12]
			skip -= 13
		case "tRNS":
			h.trns = h.trns || h.idat == 0
		case "IDAT":
			h.idat += n
		case "IEND":
			return h, nil
		}
		if err := discard(r, skip); err != nil {
			return h, nil
		}
	}
}

// plan adds what image/png allocates: an image of 1, 2, 4 or 8 bytes a
// pixel (a grey or RGB image with a tRNS chunk becomes NRGBA), twice that
// for an interlaced one (each pass is decoded into its own image first).
// Deflate expands a byte into at most 1032 (258-byte matches of 2 bits),
// so the image data must hold at least the filtered rows ÷ 1032.
func (h pngHeader) plan(p plan, cfg image.Config) plan {
	w, ht := int64(cfg.Width), int64(cfg.Height)
	channels := map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[h.colorType]
	var px int64
	kind := map[byte]string{0: "grey", 2: "RGB", 3: "indexed", 4: "grey+alpha", 6: "RGBA"}[h.colorType]
	switch {
	case h.colorType == 3 || (h.colorType == 0 && h.depth < 8 && !h.trns):
		px = 1
	case h.colorType == 0 && !h.trns:
		px = int64(h.depth) / 8
	case h.depth == 16:
		px = 8
	default:
		px = 4
	}
	p.what += ", " + kind
	if h.depth == 16 {
		p.what += " at 16 bits a channel"
	}
	p.need = w * ht * px
	if h.interlace != 0 {
		p.what += ", interlaced"
		p.need *= 2
	}
	if channels > 0 && h.depth > 0 {
		raw := ht * (1 + (w*channels*int64(h.depth)+7)/8)
		p.minData = h.end - h.idat + raw/1032
		p.why = fmt.Sprintf("%d bytes of filtered rows, and deflate expands a byte into at most 1032", raw)
	}
	return p
}

// jpegFrame is what a JPEG's frame header says about decoding it.
type jpegFrame struct {
	progressive bool
	comps       [][2]int64 // horizontal and vertical sampling factors
	at          int64      // bytes up to the end of the frame header
	end         int64      // bytes of the whole file
}

// scanJPEG reads the markers of the JPEG r reads up to its frame header,
// then counts the rest.
func scanJPEG(r io.Reader) (jpegFrame, error) {
	var f jpegFrame
	br := &countReader{r: r}
	var b [2]byte
	if _, err := io.ReadFull(br, b[:]); err != nil {
		return f, err
	}
	for {
		if _, err := io.ReadFull(br, b[:1]); err != nil {
			return f, nil
		}
		if b[0] != 0xff {
			continue
		}
		m := byte(0xff)
		for m == 0xff {
			if _, err := io.ReadFull(br, b[:1]); err != nil {
				return f, nil
			}
			m = b[0]
		}
		if m == 0 || m == 0x01 || m >= 0xd0 && m <= 0xd8 {
			continue // stuffed byte, TEM, restarts, SOI: no length
		}
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return f, nil
		}
		n := int64(binary.BigEndian.Uint16(b[:])) - 2
		if n < 0 {
			return f, nil
		}
		if m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc {
			seg := make([]byte, n)
			if _, err := io.ReadFull(br, seg); err != nil || n < 6 {
				return f, nil
			}
			f.progressive = m == 0xc2 || m == 0xc6 || m == 0xca || m == 0xce
			for i := 6; i+2 < len(seg) && len(f.comps) < int(seg[5]); i += 3 {
				f.comps = append(f.comps, [2]int64{int64(seg[i+1] >> 4), int64(seg[i+1] & 15)})
			}
			f.at = br.n
			if err := discard(br, -1); err != nil {
				return f, err
			}
			f.end = br.n
			return f, nil
		}
		if m == 0xda || m == 0xd9 {
			return f, nil // a scan or the end before any frame header
		}
		if err := discard(br, n); err != nil {
			return f, nil
		}
	}
}

// plan adds what image/jpeg allocates: the planes of the image (padded
// to whole blocks; a four-component image is converted to CMYK into an
// image of its own), and for a progressive image 64 coefficients of 4
// bytes for every block, kept until the last scan. Each block of each
// component takes at least one bit of the scans (its DC code), so the
// data after the frame header must hold a bit a block.
func (f jpegFrame) plan(p plan, cfg image.Config) plan {
	var hmax, vmax int64 = 1, 1
	for _, c := range f.comps {
		hmax, vmax = max(hmax, c[0]), max(vmax, c[1])
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	mx, my := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
	var planes, blocks, coded int64
	for _, c := range f.comps {
		b := mx * c[0] * my * c[1]
		planes += 64 * b
		blocks += b
		coded += ((w*c[0]+hmax-1)/hmax + 7) / 8 * (((h*c[1]+vmax-1)/vmax + 7) / 8)
	}
	if len(f.comps) == 4 {
		planes += 4 * w * h
	}
	p.need = planes
	if f.progressive {
		p.what += ", progressive"
		p.need += 256 * blocks
	}
	if coded > 0 {
		p.minData = f.at + coded/8
		p.why = fmt.Sprintf("%d blocks of at least a bit each after the frame header", coded)
	}
	return p
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// discard skips n bytes of r (all of it when n < 0), seeking where r can.
func discard(r io.Reader, n int64) error {
	if n < 0 {
		_, err := io.Copy(io.Discard, r)
		return err
	}
	k, err := io.CopyN(io.Discard, r, n)
	if err == io.EOF && k < n {
		return io.ErrUnexpectedEOF
	}
	return err
}

// Stat returns the dimensions, colour model and format of the image in r,
// which comes from a file called name, as DecodeConfig does, and an error
// when Decode would refuse it before decoding a pixel: it is larger than
// the limits, needs more memory than Budget, or its data cannot hold the
// pixels its header claims (PNG, JPEG and BMP: the decoders of the other
// formats check that themselves as they read). r is read to its end, and
// nothing of it is kept.
func Stat(name string, r io.Reader) (image.Config, string, error) {
	var seen bytes.Buffer
	cfg, format, err := DecodeConfig(name, io.TeeReader(r, &seen))
	if err != nil {
		return cfg, format, err
	}
	if err := checkLimits(name, format, cfg); err != nil {
		return cfg, format, err
	}
	// seen holds what DecodeConfig read (through its buffer, perhaps
	// more); the rest is still in r.
	cr := &countReader{r: io.MultiReader(bytes.NewReader(seen.Bytes()), r)}
	p, err := planFor(format, cfg, cr)
	if err != nil {
		return cfg, format, fmt.Errorf("teximage: %s: %w", name, err)
	}
	if err := discard(cr, -1); err != nil {
		return cfg, format, fmt.Errorf("teximage: %s: %w", name, err)
	}
	if err := p.check(format, cfg, cr.n); err != nil {
		return cfg, format, fmt.Errorf("teximage: %s: %w", name, err)
	}
	return cfg, format, nil
}

// StatFile is Stat for the image file at path.
func StatFile(path string) (image.Config, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return image.Config{}, "", fmt.Errorf("teximage: %w", err)
	}
	defer f.Close()
	return Stat(path, f)
}

// checkLimits refuses images larger than MaxSide or MaxPixels.
func checkLimits(name, format string, cfg image.Config) error {
	if imagelimit.Exceeds(int64(cfg.Width), int64(cfg.Height)) {
		return fmt.Errorf("teximage: %s: %w: %s of %d×%d pixels (the limits are %d on a side and %d in all)",
			name, ErrTooLarge, format, cfg.Width, cfg.Height, MaxSide, MaxPixels)
	}
	return nil
}
