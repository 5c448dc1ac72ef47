//go:build !unix

package pdf

import "time"

func processCPU() time.Duration { return 0 }
