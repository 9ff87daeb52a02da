package document

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/document/check"
	"ms3dstudio/document/quake"
	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/texpath"
	"ms3dstudio/texture"
	"ms3dstudio/texture/rebase"
)

// MaxHistory is how many commands the undo history keeps; older ones are
// forgotten.
const MaxHistory = 1000

// ErrNoPath is returned by Save when the document has no MS3D file to save
// to (the embedded sample, an imported .3ds file): the caller asks for a
// path and uses SaveAs.
var ErrNoPath = errors.New("document: no .ms3d file to save to; use Save As")

// Command is one undoable edit. Apply changes the model or returns an error
// and leaves it untouched; it reports what it changed, and a Change with
// What == 0 when the model already held the value (such a command is not
// recorded). Revert undoes the last successful Apply exactly. Apply may be
// called again after Revert (redo).
type Command interface {
	// Label names the edit for the Edit menu ("Rename joint").
	Label() string
	// Apply performs the edit on m.
	Apply(m *model.Model) (Change, error)
	// Revert undoes the last Apply on m.
	Revert(m *model.Model)
}

// Checker runs the validation checks on a model and returns the findings.
type Checker func(m *model.Model) []model.Finding

type entry struct {
	cmd Command
	ch  Change
}

// Document is an open model with its file path, findings, modified state
// and undo history. See the package documentation for the threading rule.
type Document struct {
	m        *model.Model
	path     string
	decoded  []model.Finding
	read     readInfo // what reading the file's bytes learned, see learn
	check    Checker
	findings []model.Finding
	stale    bool

	hist []entry
	pos  int // commands hist[:pos] are applied
	save int // pos at the last save, or −1 when that state is gone

	subs   map[int]func(Change)
	nextID int

	textures      *texpath.Resolver // set by SetTextureResolver, or built for resPath
	texturesFixed bool              // textures came from SetTextureResolver
	searchDirs    []string
	resPath       string
	images        texture.Result // decoded texture images, see Textures
	imagesStale   bool
	// rebased is what the last SaveAs rewrote for its new folder.
	rebased  []rebase.Path
	reader   compat.Profile // see SetReader, SetTarget
	engine   smd.Profile    // see SetTarget
	b3d      b3d.Profile    // see SetTarget
	quake    quake.Engine   // see SetTarget
	imported *Import        // see Imported
	pending  []PendingFile  // see WriteImages
	untitled string         // name shown while path is empty
}

// New returns a document for m, read from path (empty when it has no file)
// with the decoder's findings. The document starts unmodified and checks
// with DefaultChecker.
func New(m *model.Model, path string, decoded []model.Finding) *Document {
	if m == nil {
		m = &model.Model{Version: 4}
	}
	d := &Document{m: m, path: path, decoded: decoded, stale: true, imagesStale: true, subs: map[int]func(Change){}}
	d.check = DefaultChecker(d)
	return d
}

// DefaultChecker returns the checks a document runs unless told otherwise:
// Check on the document's model with its decoder findings, its texture
// resolver, the findings of loading its texture images and its target
// (SetTarget), read each time the checks run.
func DefaultChecker(d *Document) Checker {
	return func(m *model.Model) []model.Finding {
		return check.Model(m, check.Input{Textures: d.TextureResolver(), TextureFindings: d.Textures().Findings, Reader: d.reader, Engine: d.engine, B3D: d.b3d, Quake: d.quake, NoOffsets: d.imported != nil})
	}
}

// SetTextureResolver makes texture lookups go through r instead of the
// folder of the document's file: for a model that has no file (the embedded
// sample, whose textures live in memory). nil goes back to the folder of
// the file.
func (d *Document) SetTextureResolver(r *texpath.Resolver) {
	d.textures, d.texturesFixed, d.resPath = r, r != nil, ""
	d.stale, d.imagesStale = true, true
}

// SetSearchDirs sets extra folders where textures are looked up by file
// name, after the document's own folder.
func (d *Document) SetSearchDirs(dirs ...string) {
	d.searchDirs = append([]string(nil), dirs...)
	if !d.texturesFixed {
		d.textures, d.resPath = nil, ""
	}
	d.stale, d.imagesStale = true, true
}

// TextureResolver returns the resolver for the document's texture paths:
// the one given to SetTextureResolver, or one for the folder of the
// document's file and the search folders; nil when there is neither.
func (d *Document) TextureResolver() *texpath.Resolver {
	if d.texturesFixed {
		return d.textures
	}
	if d.path == "" {
		return nil
	}
	if d.textures == nil || d.resPath != d.path {
		r, err := texpath.NewOS(d.path, d.searchDirs...)
		if err != nil {
			return nil
		}
		d.textures, d.resPath = withPending(r, d.pending), d.path
	}
	return d.textures
}

// Model returns the model. Callers read it; they change it only through Do.
func (d *Document) Model() *model.Model { return d.m }

// Path returns the file the document was read from or last saved to, or ""
// when it has none.
func (d *Document) Path() string { return d.path }

// Name returns the file name shown in the title: the base name of the path,
// or "Untitled" when there is none.
func (d *Document) Name() string {
	switch {
	case d.path != "":
		return filepath.Base(d.path)
	case d.untitled != "":
		return d.untitled
	}
	return "Untitled"
}

// SetUntitledName sets the name shown while the document has no file (the
// embedded sample); saving gives it a path and its file name.
func (d *Document) SetUntitledName(name string) { d.untitled = name }

// Modified reports whether the model differs from what was last read or
// saved (undoing back to the save point clears it again).
func (d *Document) Modified() bool { return d.pos != d.save }

// MarkUnsaved makes the document modified until it is saved, for a model
// that exists in no MS3D file yet (an import).
func (d *Document) MarkUnsaved() {
	d.save = -1
	d.notify(Change{What: Saved, Part: model.PartFile, Index: -1})
}

// NeedsConfirm reports whether closing d, or opening another file in its
// place, would lose changes, so the UI must ask first: it is modified, and
// not an import nobody has edited (opening the original again gives the
// same model back; paging through a folder of .obj files asked at every
// step). A nil document needs no confirmation.
func NeedsConfirm(d *Document) bool {
	return d != nil && d.Modified() && (d.imported == nil || d.CanUndo())
}

// SetChecker sets the checks that Findings runs after the decoder's
// findings; nil runs none.
func (d *Document) SetChecker(c Checker) {
	d.check = c
	d.stale = true
}

// DecodeFindings returns what the reader noticed when the file was read.
func (d *Document) DecodeFindings() []model.Finding { return d.decoded }

// Findings returns the decoder's findings followed by the checker's
// findings on the current model (a finding the decoder already reported at
// the same place is not repeated). The checks run again only after the
// model changed.
func (d *Document) Findings() []model.Finding {
	if !d.stale {
		return d.findings
	}
	d.stale = false
	out := append([]model.Finding(nil), d.decoded...)
	if d.check == nil {
		out = slices.DeleteFunc(out, func(f model.Finding) bool { return !decodedStillApplies(f, d.m) })
		d.findings = out
		return out
	}
	type key struct {
		code  model.Code
		part  string
		index int
	}
	out = slices.DeleteFunc(out, func(f model.Finding) bool { return !decodedStillApplies(f, d.m) })
	seen := make(map[key]bool, len(d.decoded))
	for _, f := range d.decoded {
		seen[key{f.Code, f.Where.Part, f.Where.Index}] = true
	}
	for _, f := range d.check(d.m) {
		if !seen[key{f.Code, f.Where.Part, f.Where.Index}] {
			out = append(out, f)
		}
	}
	d.findings = out
	return out
}

// Subscribe registers fn to be called after every change, undo, redo and
// save, on the goroutine that made it. It returns a function that removes
// the subscription.
func (d *Document) Subscribe(fn func(Change)) (cancel func()) {
	id := d.nextID
	d.nextID++
	d.subs[id] = fn
	return func() { delete(d.subs, id) }
}

func (d *Document) notify(ch Change) {
	if ch.What&^Saved != 0 {
		d.stale = true
	}
	if ch.What.Has(Textures) {
		d.imagesStale = true
	}
	// Call in subscription order so that the outcome does not depend on
	// map iteration.
	for id := 0; id < d.nextID; id++ {
		if fn, ok := d.subs[id]; ok {
			fn(ch)
		}
	}
}

// Do applies cmd and records it for undo, dropping anything that could be
// redone. A command that changes nothing is not recorded. The error comes
// from the command (a value out of range, a name too long) and the model is
// then unchanged.
func (d *Document) Do(cmd Command) error {
	ch, err := cmd.Apply(d.m)
	if err != nil {
		return err
	}
	if ch.What == 0 {
		return nil
	}
	if d.save > d.pos {
		d.save = -1 // the saved state was on the redo branch being dropped
	}
	d.hist = append(d.hist[:d.pos], entry{cmd: cmd, ch: ch})
	d.pos++
	if len(d.hist) > MaxHistory {
		drop := len(d.hist) - MaxHistory
		d.hist = append(d.hist[:0], d.hist[drop:]...)
		d.pos -= drop
		if d.save >= 0 {
			d.save -= drop
			if d.save < 0 {
				d.save = -1
			}
		}
	}
	ch.Label = cmd.Label()
	d.notify(ch)
	return nil
}

// CanUndo reports whether there is a command to undo.
func (d *Document) CanUndo() bool { return d.pos > 0 }

// CanRedo reports whether there is an undone command to redo.
func (d *Document) CanRedo() bool { return d.pos < len(d.hist) }

// UndoLabel returns the label of the command Undo would revert, or "".
func (d *Document) UndoLabel() string {
	if !d.CanUndo() {
		return ""
	}
	return d.hist[d.pos-1].cmd.Label()
}

// RedoLabel returns the label of the command Redo would apply again, or "".
func (d *Document) RedoLabel() string {
	if !d.CanRedo() {
		return ""
	}
	return d.hist[d.pos].cmd.Label()
}

// Undo reverts the last applied command; it reports false when there is
// none.
func (d *Document) Undo() bool {
	if !d.CanUndo() {
		return false
	}
	d.pos--
	e := d.hist[d.pos]
	e.cmd.Revert(d.m)
	ch := e.ch
	ch.Label, ch.Undo = e.cmd.Label(), true
	d.notify(ch)
	return true
}

// Redo applies the last undone command again; it reports false when there
// is none. Should the command no longer apply (it always does when every
// edit went through Do), the redo history is dropped and the error returned.
func (d *Document) Redo() (bool, error) {
	if !d.CanRedo() {
		return false, nil
	}
	e := d.hist[d.pos]
	ch, err := e.cmd.Apply(d.m)
	if err != nil {
		d.hist = d.hist[:d.pos]
		return false, fmt.Errorf("redo %s: %w", e.cmd.Label(), err)
	}
	d.hist[d.pos].ch = ch
	d.pos++
	ch.Label = e.cmd.Label()
	d.notify(ch)
	return true, nil
}

// History returns the labels of the applied commands, oldest first: what
// was changed since the file was opened (as far as MaxHistory reaches).
func (d *Document) History() []string {
	out := make([]string, d.pos)
	for i, e := range d.hist[:d.pos] {
		out[i] = e.cmd.Label()
	}
	return out
}

// Remap records one change of a material's texture or alpha-map path.
type Remap struct {
	Material int
	// AlphaMap is true for the alpha map, false for the texture.
	AlphaMap bool
	Old, New model.Str
}

// String formats the remap as `material 2 texture: ".\a.bmp" → "a.bmp"`.
func (r Remap) String() string {
	what := "texture"
	if r.AlphaMap {
		what = "alpha map"
	}
	return fmt.Sprintf("material %d %s: %q → %q", r.Material, what, r.Old.Display(), r.New.Display())
}

// Remaps lists every texture and alpha-map path change currently applied,
// in the order they were made, so that a fixed file can say what changed.
// Undone remaps are not listed.
func (d *Document) Remaps() []Remap {
	var out []Remap
	for _, e := range d.hist[:d.pos] {
		switch r := e.cmd.(type) {
		case *setPath:
			out = append(out, Remap{Material: r.mat, AlphaMap: r.alpha, Old: r.old, New: r.value})
		case *remapPaths:
			out = append(out, r.remaps()...)
		case *engineFix:
			out = append(out, r.remaps()...)
		}
	}
	return out
}

// Encode returns the document's model as MS3D bytes.
func (d *Document) Encode() ([]byte, error) {
	data, err := ms3d.Encode(d.m)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", d.Name(), err)
	}
	return data, nil
}

// Save writes the model to the document's path; see SaveAs. It returns
// ErrNoPath when the document has no path or its path is not an .ms3d file
// (MS3D bytes never overwrite an imported .3ds file).
func (d *Document) Save() error {
	if d.path == "" || !strings.EqualFold(filepath.Ext(d.path), ".ms3d") {
		return ErrNoPath
	}
	return d.SaveAs(d.path)
}

// SaveAs writes the model to path atomically; when path exists and has no
// .bak yet, the existing file is first kept as path.bak. Afterwards the
// document's path is path and it is no longer modified.
//
// Saved into another folder, the texture and alpha-map paths that named a
// file from the old folder are first rewritten to name the same file from
// the new one (texture/rebase), as an undoable edit; Rebased says which. A
// model past MS3D's limits (an import from a richer format) is then fitted
// to them by an undoable command, "Fit to MS3D limits" (model/fit; PlanSave
// lists what it changes); a model that no change fits is refused with a
// *fit.TooLargeError and nothing is written or changed. When the save fails,
// both are taken back.
func (d *Document) SaveAs(path string) error {
	if path == "" {
		return ErrNoPath
	}
	for _, f := range d.decoded {
		if f.Code == model.Code3DSLimit {
			// The import left out what the model cannot address: saving
			// would make the loss permanent without a word.
			return fmt.Errorf("saving %s: refused, the import left part of the scene out (%s)", path, f.Message)
		}
	}
	// What the save changes in the model before encoding it, undone
	// (last first) unless the file is written.
	var undo []func()
	saved := false
	defer func() {
		if !saved {
			for i := len(undo) - 1; i >= 0; i-- {
				undo[i]()
			}
			d.rebased = nil
		}
	}()
	d.rebased = nil
	if d.path != "" && !d.texturesFixed && !rebase.SameFolder(d.path, path) {
		d.rebased = rebase.Plan(d.m, d.TextureResolver(), path)
		if edits := pathEdits(d.rebased); len(edits) > 0 {
			if err := d.Do(RemapPaths("Rebase texture paths", edits)); err != nil {
				return fmt.Errorf("saving %s: rewriting the texture paths for the new folder: %w", path, err)
			}
			undo = append(undo, func() { d.Undo(); d.hist = d.hist[:d.pos] })
		}
	}
	undoFit, err := d.fitForSave(path)
	if err != nil {
		return fmt.Errorf("saving %w", err)
	}
	if undoFit != nil {
		undo = append(undo, undoFit)
	}
	data, err := d.Encode()
	if limit := (*ms3d.LimitError)(nil); errors.As(err, &limit) {
		// A model imported past what an MS3D file holds: name the limit
		// instead of truncating.
		return fmt.Errorf("saving %s: refused, an MS3D file cannot hold this model (%w); export it to glTF, OBJ or SMD to keep all of it", path, limit)
	}
	if err != nil {
		return err
	}
	if len(d.pending) > 0 {
		if _, err := d.WriteImages(filepath.Dir(path)); err != nil {
			return fmt.Errorf("saving %s: %w", path, err)
		}
		if data, err = d.Encode(); err != nil { // the images may have been renamed
			return err
		}
	}
	if err := atomicfile.WriteFile(path, data, 0o644, true); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	// The file on disk is now these bytes: what the decoder says about the
	// old file (cut short, unreadable blocks) no longer holds.
	if _, found, rep, err := ms3d.DecodeRepairing(data); err == nil {
		d.learn(data, found, rep)
	} else {
		d.read = readInfo{}
	}
	if filepath.Dir(path) != filepath.Dir(d.path) {
		// Texture lookups start from the new folder: decode them again.
		d.imagesStale = true
	}
	d.stale = true
	d.path = path
	d.imported = nil // the document is an MS3D file now
	if d.pending != nil {
		// WriteImages put them beside the file: they resolve from disk.
		d.pending = nil
		d.textures, d.resPath, d.imagesStale = nil, "", true
	}
	d.save = d.pos
	saved = true
	d.notify(Change{What: Saved, Part: model.PartFile, Index: -1})
	return nil
}

// readInfo is what decoding a document's file learned beyond its model
// and findings: how many bytes the file had and, when its joint keys are
// short, the repaired model, so that PlanFixes plans from what was read
// instead of reading the file again (which may since have changed or gone).
type readInfo struct {
	size   int          // of the file, 0 when the document was not read from bytes
	repair *ms3d.Repair // see ms3d.DecodeRepairing; never changed
}

// learn records what decoding data, the bytes of the document's file, found.
func (d *Document) learn(data []byte, found []model.Finding, rep *ms3d.Repair) {
	d.decoded = found
	d.read = readInfo{size: len(data), repair: rep}
}

// Rebased returns the texture paths the last SaveAs rewrote for its new
// folder (and those it could not), or nil.
func (d *Document) Rebased() []rebase.Path { return d.rebased }

// decodedStillApplies reports whether a finding of the decoder still
// describes the model after edits: once a fix has dropped the unreadable
// trailing bytes, what the decoder said about them is history.
func decodedStillApplies(f model.Finding, m *model.Model) bool {
	switch f.Code {
	case model.CodeTrailingBytes, model.CodeBlockUnreadable, model.CodeKeysShort:
		return len(m.Trailing) > 0
	case model.CodeVersion3:
		return m.Version == 3
	}
	return true
}
