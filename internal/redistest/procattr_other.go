//go:build !linux

package redistest

import "os/exec"

// setProcAttr does nothing where the kernel offers no parent-death signal.
func setProcAttr(*exec.Cmd) {}
