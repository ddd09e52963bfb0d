package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stccg/stccg-rules/internal/search"
	"github.com/stccg/stccg-rules/internal/testcorpus"
)

// checkIndex opens the index in dir and fails unless it is whole and the
// folder holds nothing else.
func checkIndex(t *testing.T, dir string) {
	t.Helper()
	ix, version, err := search.Open(dir)
	if err != nil {
		t.Fatalf("open the index written: %v", err)
	}
	defer ix.Close()
	if version == "" {
		t.Fatal("index without a corpus version")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind in %s: %s", dir, e.Name())
		}
	}
}

// A volume's mount point can be neither moved nor removed: the index goes
// inside it and the folder stays the same folder.
func TestIndexIntoAFolderThatCannotBeMovedKeepsTheFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "index")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	// A broken index of some earlier build, to be replaced.
	if err := os.WriteFile(filepath.Join(out, indexMeta), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(out)
	mountPoint := indexDir{
		rename: func(oldpath, newpath string) error {
			if filepath.Clean(oldpath) == out || filepath.Clean(newpath) == out {
				return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: syscall.EBUSY}
			}
			return os.Rename(oldpath, newpath)
		},
		removeAll: func(path string) error {
			if filepath.Clean(path) == out {
				t.Errorf("RemoveAll of the index folder itself")
				return &os.PathError{Op: "unlinkat", Path: path, Err: syscall.EBUSY}
			}
			return os.RemoveAll(path)
		},
	}
	c := testcorpus.Load(t)
	// The folder's handling is under test, not the index: a few entries
	// and cards make a whole index in a fraction of the corpus's time.
	build := func(dir string) error {
		return search.BuildTo(t.Context(), dir, c.Version, c.Documents, c.Entries[:min(64, len(c.Entries))], c.Cards[:min(64, len(c.Cards))])
	}
	for range 2 { // a second build replaces the first in place
		if err := mountPoint.replace(out, build); err != nil {
			t.Fatalf("replace: %v", err)
		}
		checkIndex(t, out)
	}
	after, err := os.Stat(out)
	if err != nil || !os.SameFile(before, after) {
		t.Fatalf("the index folder was replaced by another: %v", err)
	}
}

// The same, through the command, on a folder whose parent may not be
// written. Root ignores folder permissions (and CI runs as root): there the
// built command runs as nobody, on a copy of the corpus nobody may read,
// into a folder nobody owns.
func TestIndexCommandWritesIntoAnExistingFolderOfAReadOnlyParent(t *testing.T) {
	if os.Geteuid() != 0 {
		parent := t.TempDir()
		out := filepath.Join(parent, "index")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(parent, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(parent, 0o755) })
		if msg, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", out); err != nil {
			t.Fatalf("index: %v\n%s", err, msg)
		}
		checkIndex(t, out)
		return
	}
	const nobody = 65534
	base, err := os.MkdirTemp("", "stccg-index-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(base, "parent"), 0o755); _ = os.RemoveAll(base) })
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(base, "corpus")
	if err := os.CopyFS(corpus, os.DirFS(testcorpus.Dir(t))); err != nil {
		t.Fatal(err)
	}
	// CopyFS keeps the source's modes; the copy is for nobody to read.
	if err := filepath.WalkDir(corpus, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	}); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(base, "stccg-rules")
	raw, err := os.ReadFile(binary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, raw, 0o755); err != nil {
		t.Fatal(err)
	}
	parent := filepath.Join(base, "parent")
	out := filepath.Join(parent, "index")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(out, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(parent, 0o555); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "index", "--corpus", corpus, "--out", out)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("index as nobody: %v\n%s", err, msg)
	}
	checkIndex(t, out)
	// The parent kept nobody out: the index was written into the folder.
	probe := exec.Command("mkdir", filepath.Join(parent, "beside"))
	probe.SysProcAttr = cmd.SysProcAttr
	if probe.Run() == nil {
		t.Error("nobody made a folder in the read-only parent: the test does not test what it says")
	}
}

func TestIndexCommandReplacesAnIndexBesideAndRefusesAFolderOfOtherFiles(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "index")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if msg, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", out); err != nil {
		t.Fatalf("index into an empty folder: %v\n%s", err, msg)
	}
	checkIndex(t, out)
	// A damaged index is rebuilt beside and swapped in.
	meta := filepath.Join(out, indexMeta)
	if err := os.WriteFile(meta, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", out); err != nil {
		t.Fatalf("index over a damaged one: %v\n%s", err, msg)
	}
	checkIndex(t, out)
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("left beside the index: %v", entries)
	}

	notAnIndex := t.TempDir()
	keep := filepath.Join(notAnIndex, "notes.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	msg, err := runBuilt(t, "index", "--corpus", testcorpus.Dir(t), "--out", notAnIndex)
	if err == nil || !strings.Contains(err.Error(), "not a search index") {
		t.Fatalf("a folder of other files: %v\n%s", err, msg)
	}
	if f, err := os.Open(keep); err != nil {
		t.Fatalf("the folder's own file is gone: %v", err)
	} else {
		b, _ := io.ReadAll(f)
		f.Close()
		if string(b) != "mine" {
			t.Fatal("the folder's own file changed")
		}
	}
}
