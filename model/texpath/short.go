package texpath

// ShortNameMatches reports whether Windows could have given the long file
// name long the 8.3 short name short ("TEXTUR~1.JPG" for
// "texture_wood.jpg"), ignoring the number: Windows numbers clashing names
// in creation order, which no listing shows, so every long name that fits
// is a candidate.
func ShortNameMatches(short, long string) bool {
	prefix, ext, _, ok := parseShort(short)
	return ok && shortMatches(prefix, ext, long)
}

// ShortNameKeys returns the keys under which an index should file the long
// file name long so that ShortNameKey finds it: one for each prefix its 8.3
// short names may have, none when long is a valid 8.3 name itself.
func ShortNameKeys(long string) []string {
	base, ext, ok := shortForm(long)
	if !ok {
		return nil
	}
	keys := make([]string, 0, 6)
	for n := 1; n <= min(6, len(base)); n++ {
		keys = append(keys, shortKey(base[:n], ext))
	}
	return keys
}

// ShortNameKey returns the key of the 8.3 short name short
// ("TEXTUR~1.JPG"): every long name that ShortNameMatches accepts for it
// has the key among its ShortNameKeys (the converse does not hold: check
// each with ShortNameMatches). ok is false when short is not a short name.
func ShortNameKey(short string) (key string, ok bool) {
	prefix, ext, _, ok := parseShort(short)
	if !ok {
		return "", false
	}
	return shortKey(prefix, ext), true
}
