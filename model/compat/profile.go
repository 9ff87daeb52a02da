package compat

import (
	"fmt"
	"strings"
)

// Profile names a reader whose quirks Check and Fix know.
type Profile int

// The reader profiles.
const (
	// Assimp is the Open Asset Import Library's MS3D loader (Debian's
	// 5.2.5, `assimp info`), used by many engines and converters.
	Assimp Profile = iota + 1
	// Blender is Blender's MS3D import add-on.
	Blender
	// Irrlicht is the Irrlicht engine's MS3D loader (1.8).
	Irrlicht
	// MilkShape is MilkShape 3D itself, with the limits its author
	// documents.
	MilkShape
)

// ProfileInfo describes a profile for a help text or a menu.
type ProfileInfo struct {
	Profile Profile
	// Name is what ParseProfile accepts ("assimp").
	Name string
	// Summary is a one-line description of the reader and what it gets
	// wrong.
	Summary string
}

var profiles = []ProfileInfo{
	{Assimp, "assimp", "Open Asset Import Library 5.2 (assimp info, many engines): refuses empty groups, keyless skeletons, comments and version 3; ignores vertex weights"},
	{Blender, "blender", "Blender's MS3D add-on: reads sub-version 3 vertex extras as 10 bytes, inverts transparency"},
	{Irrlicht, "irrlicht", "Irrlicht engine 1.8: reads sub-version 3 vertex extras as 10 bytes, assumes triangles stored in group order"},
	{MilkShape, "milkshape", "MilkShape 3D 1.8: the element limits its author documents"},
}

// Profiles returns every profile, in a stable order.
func Profiles() []ProfileInfo { return append([]ProfileInfo(nil), profiles...) }

// ParseProfile returns the profile with the given name (case-insensitive).
func ParseProfile(name string) (Profile, error) {
	for _, p := range profiles {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return p.Profile, nil
		}
	}
	names := make([]string, len(profiles))
	for i, p := range profiles {
		names[i] = p.Name
	}
	return 0, fmt.Errorf("unknown reader %q (want %s)", name, strings.Join(names, ", "))
}

// String returns the profile's name ("assimp"), or "profile(N)" for a value
// that is not a profile.
func (p Profile) String() string {
	for _, in := range profiles {
		if in.Profile == p {
			return in.Name
		}
	}
	return fmt.Sprintf("profile(%d)", int(p))
}

// reader is the name findings give the reader.
func (p Profile) reader() string {
	switch p {
	case Blender:
		return "Blender's MS3D add-on"
	case Irrlicht:
		return "Irrlicht"
	case MilkShape:
		return "MilkShape 3D"
	}
	return p.String()
}
