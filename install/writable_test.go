//go:build unix

package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanReportsEveryUnwritableFile: files install cannot write as it must (one owned by another
// user, one read-only, one hard-linked, one immutable, a new file in a folder that is not the
// user's, one through a symlink) are all named in one plan error, each with its next step, and
// nothing is written. The user toolfix runs as is given (uid 4321): the test's files are root's
// when it runs as root, and its own otherwise, so "another user" is the files' real owner.
func TestPlanReportsEveryUnwritableFile(t *testing.T) {
	w := newWorld(t)
	claude := w.write(".claude/settings.json", claudeGateway)
	codex := w.write(".codex/config.toml", "model_provider = \"gw\"\n\n[model_providers.gw]\nname = \"gw\"\nbase_url = \"https://gw.example.com/v1\"\n")
	os.Chmod(codex, 0o444)
	qwenReal := w.write("dotfiles/qwen-settings.json", `{"security":{"auth":{"selectedType":"openai"}},"modelProviders":{"openai":[{"id":"m","baseUrl":"https://gw.example.com/v1","envKey":"K"}]}}`)
	os.MkdirAll(filepath.Join(w.home, ".qwen"), 0o755)
	qwen := filepath.Join(w.home, ".qwen", "settings.json")
	if err := os.Symlink(qwenReal, qwen); err != nil {
		t.Fatal(err)
	}
	oc := w.write(".config/opencode/opencode.json", `{"provider": {"x": {"options": {"baseURL": "https://gw.example.com/v1"}}}}`)
	if err := os.Link(oc, oc+".bak"); err != nil {
		t.Fatal(err)
	}
	before := w.snapshot()

	uid := os.Geteuid()
	if uid == 0 {
		uid = 4321
	} else {
		// Running unprivileged the files are the test's own: hand them to no one, and check only
		// what a mode or a link decides.
		t.Logf("running as uid %d: the ownership sentence is checked only as root", uid)
	}
	w.in.access = &fileAccess{uid: uid, groups: []int{uid}, immutableFlag: func(p string) bool { return p == oc }}
	_, err := w.in.Plan(Options{DefaultPort: 47821})
	if err == nil {
		t.Fatal("the plan found nothing to refuse")
	}
	msg := err.Error()
	t.Log(msg)
	lines := strings.Split(msg, "\n")
	wants := []struct{ file, say string }{
		{codex, "is read-only (mode 0444)"},
		{oc, "has 2 hard links"},
		{oc, "is immutable (chattr +i)"},
		{oc, "sudo chattr -i " + oc},
		{qwen, "(a link to " + qwenReal + ")"},
	}
	if os.Geteuid() == 0 {
		wants = append(wants,
			struct{ file, say string }{claude, `not to you`},
			struct{ file, say string }{claude, `sudo chown "$USER" ` + claude},
			struct{ file, say string }{codex, "or leave codex out with --only claude,opencode,qwen"},
			struct{ file, say string }{qwen, "its folder " + filepath.Dir(qwenReal) + " is not writable by you"},
		)
	}
	for _, want := range wants {
		found := false
		for _, l := range lines {
			found = found || (strings.HasPrefix(l, want.file) && strings.Contains(l, want.say))
		}
		if !found {
			t.Errorf("no line about %s saying %q in:\n%s", want.file, want.say, msg)
		}
	}
	at := func(file, say string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, file) && strings.Contains(l, say) {
				return i
			}
		}
		return -1
	}
	if i, j := at(oc, "is immutable"), at(oc, "hard links"); i > j {
		t.Errorf("the immutable flag, which must be cleared first, is not named first for %s:\n%s", oc, msg)
	}
	if os.Geteuid() == 0 && !strings.Contains(msg, "toolfix's state folder "+w.in.Dirs.State+" cannot be made or written") {
		t.Errorf("the state folder is not named:\n%s", msg)
	}
	for _, l := range lines {
		if !strings.Contains(l, "; ") || !strings.Contains(l, "--only") && !strings.Contains(l, StateDirEnv) {
			t.Errorf("a problem without its next step: %q", l)
		}
	}
	sameSnapshot(t, before, w.snapshot())
	if _, err := os.Stat(w.in.Dirs.State); !os.IsNotExist(err) {
		t.Errorf("state folder created: %v", err)
	}
}

// TestPlanUnwritableOnlyClient: when the one unwritable file is the only client's the plan would
// route, the sentence does not send the user to an --only that routes nothing: it says the fix is
// the way on; with another client planned, --only names just the clients the plan routes.
func TestPlanUnwritableOnlyClient(t *testing.T) {
	for _, withCodex := range []bool{false, true} {
		w := newWorld(t)
		claude := w.write(".claude/settings.json", claudeGateway)
		os.Chmod(claude, 0o444)
		if withCodex {
			w.write(".codex/config.toml", "model_provider = \"gw\"\n\n[model_providers.gw]\nname = \"gw\"\nbase_url = \"https://gw.example.com/v1\"\n")
		}
		w.in.access = &fileAccess{uid: os.Geteuid(), groups: []int{os.Getegid()}, immutableFlag: func(string) bool { return false }}
		_, err := w.in.Plan(Options{DefaultPort: 47821})
		if err == nil {
			t.Fatal("the plan found nothing to refuse")
		}
		want := "make it writable (chmod u+w " + claude + "); claude is the only client install would route here, so --only cannot leave it out: this fix is the way on"
		if withCodex {
			want = "make it writable (chmod u+w " + claude + "), or leave claude out with --only codex"
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("with codex %v: %v\nwant it to say %q", withCodex, err, want)
		}
	}
}

// TestCanWrite decides a folder's writability from its owner, group and mode as the kernel does.
// As root the folder is given to uid 4321, gid 4322 (root itself may always write).
func TestCanWrite(t *testing.T) {
	dir := t.TempDir()
	owner, gid := os.Geteuid(), os.Getegid()
	if owner == 0 {
		owner, gid = 4321, 4322
		if err := os.Chown(dir, owner, gid); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		acc  fileAccess
		mode os.FileMode
		want bool
	}{
		{"owner, 0755", fileAccess{uid: owner, groups: []int{gid}}, 0o755, true},
		{"owner, 0555", fileAccess{uid: owner, groups: []int{gid}}, 0o555, false},
		{"group member, 0775", fileAccess{uid: owner + 1, groups: []int{gid}}, 0o775, true},
		{"group member, 0755", fileAccess{uid: owner + 1, groups: []int{gid}}, 0o755, false},
		{"other, 0757", fileAccess{uid: owner + 1, groups: []int{gid + 1}}, 0o757, true},
		{"other, 0775", fileAccess{uid: owner + 1, groups: []int{gid + 1}}, 0o775, false},
		{"root", fileAccess{uid: 0}, 0o500, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.Chmod(dir, tt.mode); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(dir, 0o755)
			fi, err := os.Stat(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.acc.canWrite(fi); got != tt.want {
				t.Errorf("canWrite = %v, want %v", got, tt.want)
			}
		})
	}
}
