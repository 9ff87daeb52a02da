// Package texpath finds the file a MilkShape material's texture string
// names.
//
// Texture strings are whatever the author typed (ms3d-format.md §2):
// ".\jeep1.jpg", "..\Wood.bmp", "data/Wood.bmp" in a model that sits in
// "Data/", "C:/work packs/axe.jpg", names in Windows code pages, 8.3
// upper-case names of lower-case files. A Resolver tries, in order: the path
// as written relative to the model's folder (backslashes are separators,
// drive letters start at a root), matching each name exactly, then ignoring
// case, then as an 8.3 short name; shorter and shorter tails of the path;
// the file name alone in the model's folder; the file name in each search
// folder the user chose. The Result names the rule that found the file
// (RuleExact, RuleCaseInsensitive, RuleShortName, RuleSuffix, RuleBasename,
// RuleSearchFolder) and lists every candidate tried, so that a fix can say
// what it changed.
//
// All access goes through an fs.FS: tests use testing/fstest.MapFS, and
// NewOS wraps the real file system of Linux, macOS and Windows. IsPortable
// and Portable say whether a path reads the same everywhere (forward
// slashes, no drive, not absolute) and propose a spelling that does.
package texpath
