package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"ms3dstudio/document"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

func init() {
	register("info", "info FILE [--json]", "print version, counts, animation, optional blocks, comments and materials (with texture resolution)", runInfo)
}

// Info is the document `ms3dtool info --json` prints.
type Info struct {
	File string `json:"file"`
	// Format is "ms3d", or the format the file was imported from.
	Format                string          `json:"format"`
	Version               int32           `json:"version"`
	Vertices              int             `json:"vertices"`
	Triangles             int             `json:"triangles"`
	Groups                int             `json:"groups"`
	Materials             int             `json:"materials"`
	Joints                int             `json:"joints"`
	RotationKeys          int             `json:"rotationKeys"`
	PositionKeys          int             `json:"positionKeys"`
	FPS                   jsonFloat       `json:"fps"`
	TotalFrames           int32           `json:"totalFrames"`
	VertexExtraSubVersion int32           `json:"vertexExtraSubVersion"`
	Blocks                BlocksInfo      `json:"blocks"`
	TrailingBytes         int             `json:"trailingBytes"`
	Comments              CommentsInfo    `json:"comments"`
	MaterialList          []MaterialInfo  `json:"materialList"`
	Findings              []model.Finding `json:"findings"`
	// The import summary of a .3ds file: objects, nodes, frames, pivotRule,
	// axes and more; absent for other files.
	*max3ds.Info
}

// BlocksInfo says which optional blocks the file holds, by sub-version
// (0 = absent).
type BlocksInfo struct {
	Comments    int32 `json:"comments"`
	VertexExtra int32 `json:"vertexExtra"`
	JointExtra  int32 `json:"jointExtra"`
	ModelExtra  int32 `json:"modelExtra"`
}

// CommentsInfo lists the comments of the model.
type CommentsInfo struct {
	Groups    []CommentInfo `json:"groups"`
	Materials []CommentInfo `json:"materials"`
	Joints    []CommentInfo `json:"joints"`
	Model     *string       `json:"model"`
}

// CommentInfo is one comment with the index of the element it belongs to.
type CommentInfo struct {
	Index int32  `json:"index"`
	Text  string `json:"text"`
}

// MaterialInfo describes a material's textures.
type MaterialInfo struct {
	Index    int         `json:"index"`
	Name     string      `json:"name"`
	Texture  TextureInfo `json:"texture"`
	AlphaMap TextureInfo `json:"alphaMap"`
}

// TextureInfo says where a texture path leads.
type TextureInfo struct {
	Path     string `json:"path"`
	Resolves bool   `json:"resolves"`
	Rule     string `json:"rule,omitempty"`
	File     string `json:"file,omitempty"`
}

func runInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("info", "info FILE [--json] [--pivot auto|apply|ignore] [--keep-axes]", stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	openOpt := openFlags(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		return usageError(fs, stderr, "want exactly one FILE, got %d", len(files))
	}
	opt, err := openOpt()
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	d, err := document.OpenWith(files[0], opt)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool info: %v\n", err)
		return 2
	}
	info := describe(files[0], d.Model(), d.DecodeFindings())
	info.Format = "ms3d"
	if im := d.Imported(); im != nil {
		info.Format = im.Format
		if im.Format == "3ds" {
			info.Info = &im.Info
		}
	}
	if *asJSON {
		return writeJSON(stdout, stderr, info)
	}
	printInfo(stdout, info)
	return 0
}

func describe(path string, m *model.Model, findings []model.Finding) Info {
	info := Info{
		File: path, Version: m.Version, Vertices: len(m.Vertices), Triangles: len(m.Triangles), Groups: len(m.Groups),
		Materials: len(m.Materials), Joints: len(m.Joints), FPS: jsonFloat(m.FPS), TotalFrames: m.TotalFrames,
		VertexExtraSubVersion: m.VertexExtraSubVersion, TrailingBytes: len(m.Trailing),
		Blocks: BlocksInfo{Comments: m.Comments.SubVersion, VertexExtra: m.VertexExtraSubVersion,
			JointExtra: m.JointExtraSubVersion, ModelExtra: m.Extra.SubVersion},
		Findings: findings,
	}
	if info.Findings == nil {
		info.Findings = []model.Finding{}
	}
	for _, j := range m.Joints {
		info.RotationKeys += len(j.RotationKeys)
		info.PositionKeys += len(j.PositionKeys)
	}
	list := func(cs []model.Comment) []CommentInfo {
		out := make([]CommentInfo, len(cs))
		for i, c := range cs {
			out[i] = CommentInfo{Index: c.Index, Text: c.Text.Display()}
		}
		return out
	}
	info.Comments = CommentsInfo{Groups: list(m.Comments.Groups), Materials: list(m.Comments.Materials), Joints: list(m.Comments.Joints)}
	if m.Comments.HasModel {
		s := m.Comments.Model.Display()
		info.Comments.Model = &s
	}
	res, resErr := texpath.NewOS(path)
	texture := func(raw model.Str) TextureInfo {
		t := TextureInfo{Path: raw.Display()}
		if resErr != nil || raw.Text() == "" {
			return t
		}
		r := res.Resolve(raw)
		t.Resolves, t.Rule, t.File = r.Found, r.Rule, r.OSPath
		return t
	}
	info.MaterialList = make([]MaterialInfo, len(m.Materials))
	for i, mt := range m.Materials {
		info.MaterialList[i] = MaterialInfo{Index: i, Name: mt.Name.Display(), Texture: texture(mt.Texture), AlphaMap: texture(mt.AlphaMap)}
	}
	return info
}

func printInfo(w io.Writer, info Info) {
	if info.Info != nil {
		in := info.Info
		fmt.Fprintf(w, "%s: 3DS scene imported: %d objects, %d nodes, %d frames (saved at frame %d), %d cameras and %d lights left out\n",
			info.File, in.Objects, in.Nodes, in.Frames, in.SavedFrame, in.Cameras, in.Lights)
		auto := "chosen"
		if in.PivotAuto {
			auto = "chosen automatically"
		}
		fmt.Fprintf(w, "  pivot rule %s (%s), axes %s\n", in.PivotRule, auto, in.Axes)
	} else if info.Format != "ms3d" {
		fmt.Fprintf(w, "%s: imported from %s\n", info.File, strings.ToUpper(info.Format))
	}
	fmt.Fprintf(w, "%s: MS3D version %d\n", info.File, info.Version)
	fmt.Fprintf(w, "  vertices %d, triangles %d, groups %d, materials %d, joints %d\n", info.Vertices, info.Triangles, info.Groups, info.Materials, info.Joints)
	fmt.Fprintf(w, "  animation: %v fps, %d frames, %d rotation keys, %d position keys\n", float32(info.FPS), info.TotalFrames, info.RotationKeys, info.PositionKeys)
	var blocks []string
	for _, b := range []struct {
		name string
		sv   int32
	}{{"comments", info.Blocks.Comments}, {"vertex extra", info.Blocks.VertexExtra}, {"joint extra", info.Blocks.JointExtra}, {"model extra", info.Blocks.ModelExtra}} {
		if b.sv != 0 {
			blocks = append(blocks, fmt.Sprintf("%s (sub-version %d)", b.name, b.sv))
		}
	}
	if len(blocks) == 0 {
		blocks = []string{"none"}
	}
	fmt.Fprintf(w, "  optional blocks: %s\n", strings.Join(blocks, ", "))
	if info.TrailingBytes > 0 {
		fmt.Fprintf(w, "  trailing bytes: %d\n", info.TrailingBytes)
	}
	for _, l := range []struct {
		kind string
		cs   []CommentInfo
	}{{"group", info.Comments.Groups}, {"material", info.Comments.Materials}, {"joint", info.Comments.Joints}} {
		for _, c := range l.cs {
			fmt.Fprintf(w, "  %s %d comment: %q\n", l.kind, c.Index, c.Text)
		}
	}
	if info.Comments.Model != nil {
		fmt.Fprintf(w, "  model comment: %q\n", *info.Comments.Model)
	}
	for _, mt := range info.MaterialList {
		fmt.Fprintf(w, "  material %d %q: texture %s, alpha map %s\n", mt.Index, mt.Name, describeTexture(mt.Texture), describeTexture(mt.AlphaMap))
	}
	for _, f := range info.Findings {
		fmt.Fprintf(w, "  %s\n", f)
	}
}

func describeTexture(t TextureInfo) string {
	switch {
	case t.Path == "":
		return "none"
	case t.Resolves:
		return fmt.Sprintf("%q → %s (%s)", t.Path, t.File, t.Rule)
	}
	return fmt.Sprintf("%q (not found)", t.Path)
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "ms3dtool: writing JSON: %v\n", err)
		return 2
	}
	return 0
}
