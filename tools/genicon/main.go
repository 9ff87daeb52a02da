// Command genicon draws MS3D Studio's icon (icon.png at the repository
// root): a bent bone chain with its skinned outline on a rounded tile. Run
// it with `go run ./tools/genicon` after changing the design.
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

const size = 512
const ss = 4 // supersampling per axis

func main() {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	// The bone chain: joints along a curve.
	var joints [][2]float64
	for i := 0; i <= 4; i++ {
		t := float64(i) / 4
		x := 150 + 200*t + 30*math.Sin(t*math.Pi*1.3)
		y := 400 - 290*t + 60*math.Sin(t*math.Pi)
		joints = append(joints, [2]float64{x, y})
	}
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := float64(px) + (float64(sx)+0.5)/ss
					y := float64(py) + (float64(sy)+0.5)/ss
					cr, cg, cb, ca := shade(x, y, joints)
					r, g, b, a = r+cr*ca, g+cg*ca, b+cb*ca, a+ca
				}
			}
			n := float64(ss * ss)
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(255 * r / a), uint8(255 * g / a), uint8(255 * b / a), uint8(255 * a / n)})
		}
	}
	f, err := os.Create("icon.png")
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// shade returns the colour and coverage of one sample point.
func shade(x, y float64, joints [][2]float64) (r, g, b, a float64) {
	// Rounded tile.
	const m, rad = 24, 96
	cx := math.Max(math.Max(m+rad-x, x-(size-m-rad)), 0)
	cy := math.Max(math.Max(m+rad-y, y-(size-m-rad)), 0)
	if math.Hypot(cx, cy) > rad {
		return 0, 0, 0, 0
	}
	t := y / size
	r, g, b = 0.10+0.05*t, 0.16+0.08*t, 0.30+0.10*t
	// Skinned body: distance to the chain, radius shrinking to the tip.
	best, along := math.Inf(1), 0.0
	for i := 0; i+1 < len(joints); i++ {
		d, u := segDist(x, y, joints[i], joints[i+1])
		if d < best {
			best, along = d, (float64(i)+u)/float64(len(joints)-1)
		}
	}
	body := 70 - 45*along
	if best < body {
		k := best / body
		r, g, b = 0.85-0.25*k, 0.42-0.15*k, 0.45-0.1*k
		// Rings like the sample texture.
		if math.Mod(along*9, 1) < 0.12 {
			r, g, b = r*0.8, g*0.8, b*0.8
		}
	}
	// Bones and joints on top.
	for i := 0; i+1 < len(joints); i++ {
		if d, _ := segDist(x, y, joints[i], joints[i+1]); d < 7 {
			r, g, b = 1, 0.86, 0.3
		}
	}
	for _, j := range joints {
		if d := math.Hypot(x-j[0], y-j[1]); d < 17 {
			r, g, b = 1, 0.95, 0.75
			if d > 12 {
				r, g, b = 0.95, 0.6, 0.1
			}
		}
	}
	return r, g, b, 1
}

func segDist(x, y float64, p, q [2]float64) (float64, float64) {
	dx, dy := q[0]-p[0], q[1]-p[1]
	u := ((x-p[0])*dx + (y-p[1])*dy) / (dx*dx + dy*dy)
	u = math.Max(0, math.Min(1, u))
	return math.Hypot(x-(p[0]+u*dx), y-(p[1]+u*dy)), u
}
