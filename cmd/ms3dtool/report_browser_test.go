package main

import (
	"cmp"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/viewport/thumbnail"
)

// browserRow is what the test reads of one table row in the browser.
type browserRow struct {
	Name                                 string
	Errors, Warnings, Missing, Triangles int
	Unreadable                           bool
	Src                                  string
	Complete                             bool
	NaturalWidth                         int
	Hidden                               bool
}

// readRows is the script that reads the table's rows in their order.
const readRows = `Array.from(document.querySelectorAll("#models tbody tr")).map(function (r) {
  var img = r.querySelector("img");
  return {Name: r.dataset.name, Errors: +r.dataset.errors, Warnings: +r.dataset.warnings,
    Missing: +r.dataset.missing, Triangles: +r.dataset.triangles, Unreadable: r.dataset.unreadable === "1",
    Src: img.src.slice(0, 24), Complete: img.complete, NaturalWidth: img.naturalWidth, Hidden: r.hidden};
})`

// TestReportInBrowser writes the report of the whole corpus and opens it
// in headless Chromium (Debian's chromium; CI fails without it): every
// model has its row, with its picture decoded (naturalWidth > 0: the PNG
// for every model the renderer draws, a picture saying why for the
// others); the rows come worst first; a click on a column's header sorts
// by it, a second click turns the order; the filter hides what does not
// match; the page throws no script error and asks for nothing but itself
// and its data: URIs.
func TestReportInBrowser(t *testing.T) {
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		testenv.Missing(t, "MS3D_REQUIRE_CORPUS", "chromium not found: the report cannot be checked in a browser (apt-get install chromium)")
		return
	}
	models := corpusModels(t)
	out := filepath.Join(t.TempDir(), "report.html")
	if code, _, errs := runTool("report", corpus.Dir(t), out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	drawn := map[string]bool{}
	for _, m := range models {
		rel, _ := filepath.Rel(corpus.Dir(t), m)
		_, err := thumbnail.File(m, thumbnail.Options{Size: 8})
		drawn[filepath.ToSlash(rel)] = err == nil
	}

	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()))
	defer cancel()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var requests, exceptions []string
	err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, e.Request.URL)
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			text := d.Text
			if d.Exception != nil {
				text += " " + d.Exception.Description
			}
			exceptions = append(exceptions, fmt.Sprintf("line %d: %s", d.LineNumber+1, text))
		}
	})
	if err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+out)); err != nil {
		t.Fatalf("opening the report in %s: %v", bin, err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]browserRow](readRows))
	if err != nil {
		t.Fatalf("reading the table: %v", err)
	}

	if len(rows) != len(models) {
		t.Errorf("%d rows for %d models", len(rows), len(models))
	}
	for _, r := range rows {
		want, ok := drawn[r.Name]
		if !ok {
			t.Errorf("row %q is no corpus model", r.Name)
			continue
		}
		delete(drawn, r.Name)
		if !r.Complete || r.NaturalWidth <= 0 {
			t.Errorf("%s: the picture does not decode (complete %v, naturalWidth %d)", r.Name, r.Complete, r.NaturalWidth)
		}
		if png := strings.HasPrefix(r.Src, "data:image/png;base64,"); png != want {
			t.Errorf("%s: picture %q…, want the model's PNG: %v", r.Name, r.Src, want)
		}
	}
	for name := range drawn {
		t.Errorf("%s has no row", name)
	}
	worstFirst := func(a, b browserRow) int {
		return cmp.Or(cmp.Compare(b2i(b.Unreadable), b2i(a.Unreadable)), cmp.Compare(b.Errors, a.Errors),
			cmp.Compare(b.Warnings, a.Warnings), cmp.Compare(b.Missing, a.Missing))
	}
	if !slices.IsSortedFunc(rows, worstFirst) {
		t.Errorf("the rows are not worst first")
	}

	for _, step := range []struct {
		key    string
		sorted func([]browserRow) bool
		aria   string
	}{
		{"triangles", func(rs []browserRow) bool {
			return slices.IsSortedFunc(rs, func(a, b browserRow) int { return b.Triangles - a.Triangles })
		}, "descending"},
		{"triangles", func(rs []browserRow) bool {
			return slices.IsSortedFunc(rs, func(a, b browserRow) int { return a.Triangles - b.Triangles })
		}, "ascending"},
		{"name", func(rs []browserRow) bool {
			return slices.IsSortedFunc(rs, func(a, b browserRow) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
		}, "ascending"},
	} {
		head := chromedp.CSS(`th[data-key="` + step.key + `"]`)
		if err := chromedp.Do(ctx, chromedp.Click(head+" button")); err != nil {
			t.Fatalf("clicking %s: %v", step.key, err)
		}
		if rows, err = chromedp.Run(ctx, chromedp.Evaluate[[]browserRow](readRows)); err != nil {
			t.Fatal(err)
		}
		sort, err := chromedp.Run(ctx, chromedp.AttributeValue(head, "aria-sort"))
		if err != nil {
			t.Fatal(err)
		}
		aria := sort.Value
		if len(rows) != len(models) || !step.sorted(rows) || aria != step.aria {
			t.Errorf("after a click on %s: %d rows, sorted %v, aria-sort %q (want %s)", step.key, len(rows), step.sorted(rows), aria, step.aria)
		}
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("filter"), "3ds")); err != nil {
		t.Fatal(err)
	}
	if rows, err = chromedp.Run(ctx, chromedp.Evaluate[[]browserRow](readRows)); err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, r := range rows {
		if !r.Hidden {
			shown++
		}
		if r.Hidden == strings.Contains(strings.ToLower(r.Name), "3ds") {
			t.Errorf("filter 3ds: %s hidden %v", r.Name, r.Hidden)
		}
	}
	if shown == 0 || shown == len(rows) {
		t.Errorf("filter 3ds shows %d of %d rows", shown, len(rows))
	}

	mu.Lock()
	defer mu.Unlock()
	if len(exceptions) > 0 {
		t.Errorf("script errors: %q", exceptions)
	}
	if len(requests) == 0 {
		t.Errorf("no request seen at all: the network was not watched")
	}
	for _, u := range requests {
		if u != "file://"+out && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page asked for %s", u)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
