// Package ms3dstudio holds the assets of MS3D Studio that live at the root of
// the repository, where `fyne package` and the README expect them. Its
// documentation draws the layout of the whole program.
//
// # Layout
//
// The program is in layers, lowest first; a package imports packages of its
// own layer and of the layers below, never above (layers_test.go checks the
// whole import graph; ui/ and cmd/ do not import each other):
//
//	tools/…              developer programs: genicon (icon.png), stressgen
//	interop              (the stress model), benchbare; tests against assimp;
//	packaging/linux      the archive's MIME types and thumbnailer, installed
//	                     and run in GNOME's sandbox by its tests
//	app                  main: wiring only; app/quitguard ends a hung quit
//	ui, cmd/ms3dtool     the editor (menus, files, recovery); the CLI (no cgo, no Fyne)
//	  ui/animate, clips      pose mode and keys; the named clips
//	  ui/outline, properties, problems, textures, timeline, dopesheet
//	                         the panels, one package each
//	  ui/playback            the playback clock
//	  ui/hub, widgets        the shared selection; the shared widgets
//	viewport             the offscreen GL renderer and its Fyne widget;
//	                     viewport/thumbnail draws the same in software
//	document             open/import, save, undo commands, fix plans;
//	                     document/check (the one findings list),
//	                     document/exporter (every export format),
//	                     document/quake (MD2/MD3), document/engine
//	                     (GoldSrc/Source checks and texture fixes),
//	                     document/recovery (copies of unsaved work)
//	texture              texture loading and path statuses (texpath +
//	                     teximage); texture/palette, texture/rebase
//	                     (texture paths for a model saved elsewhere)
//	formats/ms3d, max3ds, smd  read and write files
//	formats/gltf, obj          export
//	formats/teximage, tga, dds, pcx  decode texture images
//	internal/…           leaf helpers: atomic writes, the corpus, CPU time,
//	                     the stress model
//	model                the domain model, finding codes, derived views
//	model/xform          rotations: Euler angles, quaternions, rigid transforms
//	model/num            finite-number checks
//	model/anim           posing and skinning (pure Go)
//	model/validate, fix, compat, smooth, clips, animedit, texpath, sample
//	                     pure model → model passes (never import formats/)
package ms3dstudio
