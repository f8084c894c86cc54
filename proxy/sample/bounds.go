package sample

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Bounds limit a Store beyond its count of files: a gateway's samples hold many people's
// conversations, so they are kept small and short-lived. The zero value limits nothing.
type Bounds struct {
	// MaxBytes is the most bytes all sample files may take together; the oldest go first. Zero
	// means no limit.
	MaxBytes int64
	// MaxAge is how long a sample is kept, from its file's modification time; zero means no limit.
	MaxAge time.Duration
}

// SetBounds limits the Store by b from its next save on, and trims what is already in the folder
// now. A nil Store does nothing. The error says which old sample could not be removed.
func (s *Store) SetBounds(b Bounds) error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bound = b
	return s.rotate()
}

// trim removes, of names (the Store's files, sorted oldest first), those older than MaxAge, then
// the oldest until the rest take at most MaxBytes. s.mu is held.
func (s *Store) trim(names []string) error {
	if s.bound == (Bounds{}) {
		return nil
	}
	var total int64
	sizes := make([]int64, len(names))
	cut := 0
	for i, n := range names {
		fi, err := os.Stat(filepath.Join(s.dir, n))
		if err != nil {
			continue // removed meanwhile
		}
		sizes[i] = fi.Size()
		total += fi.Size()
		if s.bound.MaxAge > 0 && time.Since(fi.ModTime()) > s.bound.MaxAge {
			cut = i + 1
		}
	}
	for i := range cut {
		total -= sizes[i]
	}
	for s.bound.MaxBytes > 0 && cut < len(names) && total > s.bound.MaxBytes {
		total -= sizes[cut]
		cut++
	}
	for _, n := range names[:cut] {
		if err := os.Remove(filepath.Join(s.dir, n)); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("removing an old sample: %w", err)
		}
	}
	return nil
}
