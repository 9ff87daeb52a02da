// Package ms3dstudio holds the assets of MS3D Studio that live at the root of
// the repository, where `fyne package` and the README expect them. Its
// documentation draws the layout of the whole program.
//
// # Layout
//
// Imports point down this picture only (model_test's TestImportsPointDown
// checks the model part):
//
//	formats/ms3d, max3ds, smd     read and write files      ──┐
//	formats/gltf, obj             export                    ──┤ use model, model/anim
//	formats/teximage, tga, dds, pcx  decode texture images     │
//	                                                            ▼
//	model                the domain model, finding codes, derived views
//	model/anim           posing and skinning (pure Go)
//	model/validate, fix, compat, smooth, clips, animedit, texpath, sample
//	                     pure model → model passes (never import formats/)
//	                                                            ▲
//	texture              texture loading (texpath + teximage)   │
//	document             open/import, save, export, undo commands, the one
//	                     findings list (document.Check)  ── uses formats + model
//	                                                            ▲
//	ui, viewport         Fyne widgets; the offscreen GL renderer
//	app                  main: wiring only
//	cmd/ms3dtool         the CLI (no cgo): formats + model + document
//	internal/…           atomic writes, test helpers, the icon generator
package ms3dstudio
