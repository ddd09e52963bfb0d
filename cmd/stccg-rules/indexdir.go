package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// indexMeta is the file a Bleve index folder is opened by: moved out first
// and in last, so that a replica opening the folder meanwhile finds no index
// at all rather than half of one.
const indexMeta = "index_meta.json"

// workPrefix names the folders an index build works in; leftovers of an
// interrupted build are cleared by the next.
const workPrefix = ".stccg-index-"

// indexDir puts a freshly built index in place of an old one. Its file
// operations are fields so that tests can stand in a folder that cannot be
// moved (a volume's mount point) on a machine where every folder can.
type indexDir struct {
	rename    func(oldpath, newpath string) error
	removeAll func(path string) error
}

func newIndexDir() indexDir { return indexDir{rename: os.Rename, removeAll: os.RemoveAll} }

// replace builds an index into out with build (which writes a folder that
// must not yet exist) and puts it in place of what out held.
//
// A new out is written beside and renamed into place. An existing out must
// be empty or hold an index; the new index is built beside it and swapped
// in by two renames. When out itself cannot be moved (a volume's mount
// point, a parent the user may not write to), out is kept and its contents
// are replaced instead. Either way a replica opening out sees the old index,
// the new one, or none, never a mixture.
func (d indexDir) replace(out string, build func(dir string) error) error {
	out = filepath.Clean(out)
	info, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return build(out)
	}
	if err != nil {
		return fmt.Errorf("index folder %s: %w", out, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("index folder %s is a file, not a folder", out)
	}
	if err := checkIndexFolder(out); err != nil {
		return err
	}
	swapped, err := d.swapBeside(out, build)
	if swapped || err != nil {
		return err
	}
	return d.replaceContents(out, build)
}

// checkIndexFolder refuses to replace a folder that holds anything but an
// index or the leftovers of a build, so a mistyped --out never empties a
// folder of other files.
func checkIndexFolder(out string) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("index folder %s: %w", out, err)
	}
	hasMeta := false
	var others []string
	for _, e := range entries {
		switch {
		case e.Name() == indexMeta:
			hasMeta = true
		case strings.HasPrefix(e.Name(), workPrefix), strings.HasPrefix(e.Name(), ".building-"):
		default:
			others = append(others, e.Name())
		}
	}
	if len(others) > 0 && !hasMeta {
		return fmt.Errorf("index folder %s holds %s, which is not a search index: give an empty or new folder", out, strings.Join(others, ", "))
	}
	return nil
}

// swapBeside builds next to out and swaps the two folders. It reports false
// and no error when out cannot be swapped, leaving nothing behind.
func (d indexDir) swapBeside(out string, build func(dir string) error) (bool, error) {
	work, err := os.MkdirTemp(filepath.Dir(out), workPrefix+filepath.Base(out)+"-")
	if err != nil {
		return false, nil // no right to write beside out
	}
	defer d.removeAll(work)
	old := filepath.Join(work, "old")
	if err := d.rename(out, old); err != nil {
		return false, nil // a mount point, or no right to move it
	}
	// Moving out and back again costs nothing; building first and then
	// finding out cannot move would build twice.
	if err := d.rename(old, out); err != nil {
		return true, fmt.Errorf("put index folder %s back: %w", out, err)
	}
	next := filepath.Join(work, "next")
	if err := build(next); err != nil {
		return true, err
	}
	if err := d.rename(out, old); err != nil {
		return true, fmt.Errorf("move old index %s aside: %w", out, err)
	}
	if err := d.rename(next, out); err != nil {
		if rerr := d.rename(old, out); rerr != nil {
			return true, fmt.Errorf("move new index into %s: %w (and the old one could not be put back: %v)", out, err, rerr)
		}
		return true, fmt.Errorf("move new index into %s: %w", out, err)
	}
	return true, nil
}

// replaceContents builds inside out and swaps the entries: the old ones go
// out with index_meta.json first, the new ones come in with it last.
func (d indexDir) replaceContents(out string, build func(dir string) error) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("index folder %s: %w", out, err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), workPrefix) || strings.HasPrefix(e.Name(), ".building-") {
			if err := d.removeAll(filepath.Join(out, e.Name())); err != nil {
				return fmt.Errorf("clear an interrupted build in %s: %w", out, err)
			}
		}
	}
	work, err := os.MkdirTemp(out, workPrefix)
	if err != nil {
		return fmt.Errorf("index folder %s: %w", out, err)
	}
	defer d.removeAll(work)
	next := filepath.Join(work, "next")
	if err := build(next); err != nil {
		return err
	}
	old := filepath.Join(work, "old")
	if err := os.Mkdir(old, 0o755); err != nil {
		return fmt.Errorf("index folder %s: %w", out, err)
	}
	if err := d.moveEntries(out, old, filepath.Base(work), true); err != nil {
		return fmt.Errorf("move old index in %s aside: %w", out, err)
	}
	if err := d.moveEntries(next, out, "", false); err != nil {
		return fmt.Errorf("move new index into %s: %w", out, err)
	}
	return nil
}

// moveEntries moves every entry of from (but skip) into to, index_meta.json
// first when metaFirst, else last.
func (d indexDir) moveEntries(from, to, skip string, metaFirst bool) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Name() != skip {
			names = append(names, e.Name())
		}
	}
	slices.SortStableFunc(names, func(a, b string) int {
		am, bm := a == indexMeta, b == indexMeta
		switch {
		case am == bm:
			return 0
		case am == metaFirst:
			return -1
		}
		return 1
	})
	for _, n := range names {
		if err := d.rename(filepath.Join(from, n), filepath.Join(to, n)); err != nil {
			return err
		}
	}
	return nil
}
