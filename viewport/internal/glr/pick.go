package glr

import (
	"fmt"

	"github.com/go-gl/gl/v3.3-core/gl"

	"ms3dstudio/viewport/internal/scene"
)

// Pick renders group IDs for f and returns the index of the group whose
// surface covers pixel (x, y) (image coordinates, top row 0), or −1 for
// none.
func (r *Renderer) Pick(f *scene.Frame, x, y int) (int, error) {
	if x < 0 || y < 0 || x >= f.Width || y >= f.Height {
		return -1, nil
	}
	if err := r.ensureTarget(f.Width, f.Height); err != nil {
		return -1, err
	}
	if r.mesh == nil || len(r.mesh.Ranges) == 0 {
		return -1, nil
	}
	r.setMatrices(f)
	gl.Viewport(0, 0, int32(f.Width), int32(f.Height))
	gl.ClearColor(0, 0, 0, 0)
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	gl.Enable(gl.DEPTH_TEST)
	gl.Disable(gl.BLEND)
	gl.FrontFace(gl.CW)
	gl.DepthFunc(gl.LEQUAL)
	r.pose(f.Skin)
	gl.BindVertexArray(r.meshVAO)
	r.pickRanges = r.pickRanges[:0]
	for i := range r.mesh.Ranges {
		r.pickRanges = append(r.pickRanges, i)
	}
	r.facePasses(f, r.pickRanges, func() { r.use(f, variant{shading: shadeFlat}) }, func(i int) {
		rg := &r.mesh.Ranges[i]
		id := rg.Group + 1
		gl.Uniform4f(r.meshProg.loc("uColor"), float32(id&0xff)/255, float32(id>>8&0xff)/255, float32(id>>16&0xff)/255, 1)
		drawCorners(rg)
	})
	var px [4]uint8
	// With the flipped projection framebuffer row y is image row y.
	gl.ReadPixels(int32(x), int32(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(&px[0]))
	if err := r.takeErr(); err != nil {
		return -1, err
	}
	if e := gl.GetError(); e != gl.NO_ERROR {
		return -1, fmt.Errorf("glr: picking at (%d, %d): GL error 0x%x", x, y, e)
	}
	id := int(px[0]) | int(px[1])<<8 | int(px[2])<<16
	return id - 1, nil
}
