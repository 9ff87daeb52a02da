package exportdialog

import (
	"testing"

	"ms3dstudio/document/exporter"
)

// TestEveryExportFormatHasAnEntry: each format exporter.Write writes can
// be chosen in the dialog, and the dialog offers no format it cannot
// write (the table is the one place a new format is added).
func TestEveryExportFormatHasAnEntry(t *testing.T) {
	for _, ext := range exporter.Formats {
		if _, ok := formatOf(ext); !ok {
			t.Errorf("document exports %s, the dialog does not offer it", ext)
		}
	}
	for _, f := range formats {
		found := false
		for _, ext := range exporter.Formats {
			found = found || ext == f.ext
		}
		if !found {
			t.Errorf("the dialog offers %s, which exporter.Write does not write", f.ext)
		}
	}
}
