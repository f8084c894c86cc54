package service

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Subsystem values of a PE optional header.
const (
	peSubsystemGUI     = 2 // IMAGE_SUBSYSTEM_WINDOWS_GUI: no console is made for the process
	peSubsystemConsole = 3 // IMAGE_SUBSYSTEM_WINDOWS_CUI
)

// guiCopy writes a copy of the Windows executable src to dst with its PE subsystem set to GUI:
// the same program, but Windows gives it no console window when it starts, which is what `go
// build -ldflags -H=windowsgui` produces. toolfix's logon launcher is such a copy of toolfix.exe,
// made at install, so one release binary serves as both. The copy is written beside dst and
// renamed over it. It fails, writing nothing, when src is not a PE image with a console or GUI
// subsystem.
func guiCopy(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("reading %s for the logon launcher: %w", src, err)
	}
	off, err := subsystemOffset(data)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	binary.LittleEndian.PutUint16(data[off:], peSubsystemGUI)
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(dst), err)
	}
	return writeAtomic(dst, data, 0o755)
}

// subsystemOffset finds the Subsystem field of a PE image: the optional header follows the
// "PE\0\0" signature (at the offset stored at 0x3c) and the 20-byte COFF header, and holds
// Subsystem at byte 68 in both PE32 and PE32+.
func subsystemOffset(data []byte) (int, error) {
	if len(data) < 0x40 || data[0] != 'M' || data[1] != 'Z' {
		return 0, errors.New("not a Windows executable (no MZ header)")
	}
	sig := int(binary.LittleEndian.Uint32(data[0x3c:]))
	opt := sig + 4 + 20
	if sig < 0x40 || opt+70 > len(data) || string(data[sig:sig+4]) != "PE\x00\x00" {
		return 0, errors.New("not a Windows executable (no PE header)")
	}
	switch magic := binary.LittleEndian.Uint16(data[opt:]); magic {
	case 0x10b, 0x20b: // PE32, PE32+
	default:
		return 0, fmt.Errorf("unknown PE optional header magic %#x", magic)
	}
	off := opt + 68
	if s := binary.LittleEndian.Uint16(data[off:]); s != peSubsystemConsole && s != peSubsystemGUI {
		return 0, fmt.Errorf("PE subsystem %d is neither console nor GUI", s)
	}
	return off, nil
}
