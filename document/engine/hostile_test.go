package engine

import (
	"strings"
	"testing"

	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// TestGoldSrcFixScalesLargeTextures converts a run-length-encoded TGA of
// 4096×4096 pixels of one colour: studiomdl takes at most 640×480 bytes
// of skin, so the copy is scaled down 8 times (to 512×512) before it is
// quantised, and no copy of the full size is made: the fix allocates the
// decoded image and little more (quantising the full image made two more
// copies of it, 5 bytes a pixel, which ran out of memory at 16384×4096).
func TestGoldSrcFixScalesLargeTextures(t *testing.T) {
	m, res, _ := setup(t, "big.tga", hostile.RLETGA(4096, 4096))
	var changes []fix.Change
	var copies []TextureCopy
	var problems []error
	_, n := hostile.Allocated(func() { changes, copies, problems = Fix(m, smd.GoldSrc, res) })
	if len(problems) != 0 || len(copies) != 1 {
		t.Fatalf("copies %+v, problems %v", copies, problems)
	}
	c := copies[0]
	if c.Scale != 8 || c.Width != 512 || c.Height != 512 || !c.Exact || c.Colors != 1 {
		t.Errorf("copy %d×%d scaled %d times, %d colours (exact %v); want 512×512, 8 times, 1 exact colour", c.Width, c.Height, c.Scale, c.Colors, c.Exact)
	}
	if msg := changes[len(changes)-1].Message; !strings.Contains(msg, "scaled down 8 times to 512×512") {
		t.Errorf("the change says %q, want the scaling named", msg)
	}
	if limit := uint64(4096*4096*4 + 8<<20); n > limit {
		t.Errorf("the fix allocated %d MiB, want at most %d MiB (the decoded image and 8 MiB)", n>>20, limit>>20)
	}
	if left := model.WithCode(Validate(m, smd.GoldSrc, res), model.CodeEngineTextureSize); len(left) != 0 {
		t.Errorf("after the fix: %v", left)
	}
}
