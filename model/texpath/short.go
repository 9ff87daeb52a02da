package texpath

// IsShortName reports whether name looks like a Windows 8.3 short name
// with a numeric tail ("TEXTUR~1.JPG").
func IsShortName(name string) bool {
	_, _, _, ok := parseShort(name)
	return ok
}

// ShortNameMatches reports whether Windows could have given the long file
// name long the 8.3 short name short ("TEXTUR~1.JPG" for
// "texture_wood.jpg"), ignoring the number: Windows numbers clashing names
// in creation order, which no listing shows, so every long name that fits
// is a candidate.
func ShortNameMatches(short, long string) bool {
	prefix, ext, _, ok := parseShort(short)
	return ok && shortMatches(prefix, ext, long)
}
