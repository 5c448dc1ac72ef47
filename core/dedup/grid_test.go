package dedup

import (
	"math"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestGridCoord(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want int
	}{
		{-1, 0}, {-0.81, 0}, {-0.79, 1}, {0, 5}, {0.19, 5}, {0.21, 6}, {0.99, 9}, {1, 9},
		// Off the square: the edge cells.
		{-7, 0}, {3, 9}, {math.Inf(1), 9}, {math.Inf(-1), 0},
		{math.NaN(), 0},
	} {
		if got := GridCoord(tc.v); got != tc.want {
			t.Errorf("GridCoord(%g) = %d, want %d", tc.v, got, tc.want)
		}
	}
	if col, row := GridCell(core.PlanePosition{Real: 0.5, Imaginary: -0.5}); col != 7 || row != 2 {
		t.Errorf("GridCell(0.5, -0.5) = %d, %d", col, row)
	}
}

// Every cell holding a point within r of p is in p's range, and its
// distance from p is at most the distance of that point.
func TestCellRangeAndDistance(t *testing.T) {
	const r = 0.2
	for _, p := range []core.PlanePosition{{}, {Real: 0.2, Imaginary: -0.2}, {Real: -0.95, Imaginary: 0.99}, {Real: 1.5, Imaginary: -3}} {
		x0, x1, y0, y1 := CellRange(p, r)
		for i := range 64 {
			a := 2 * math.Pi * float64(i) / 64
			for _, d := range []float64{0, r / 2, r} {
				q := core.PlanePosition{Real: p.Real + d*math.Cos(a), Imaginary: p.Imaginary + d*math.Sin(a)}
				col, row := GridCell(q)
				if col < x0 || col > x1 || row < y0 || row > y1 {
					t.Fatalf("point %v at %g from %v lies in cell %d,%d outside the range %d–%d, %d–%d", q, d, p, col, row, x0, x1, y0, y1)
				}
				if cd := CellDistance(p, col, row); cd > p.Distance(q)+1e-12 {
					t.Fatalf("cell %d,%d is %g from %v, but holds %v at %g", col, row, cd, p, q, p.Distance(q))
				}
			}
		}
	}
	if d := CellDistance(core.PlanePosition{Real: math.NaN()}, 0, 0); !math.IsInf(d, 1) {
		t.Errorf("distance of a NaN position = %g", d)
	}
}

// NormKeyword's fast path gives what its definition gives.
func TestNormKeyword(t *testing.T) {
	for _, k := range []string{"", "group", "Group", " group", "group ", "\vgroup", "group\f", "\tGroup\n", "groupé", "GROUPÉ", "\u00a0group", "a b", "  "} {
		if got, want := NormKeyword(k), strings.ToLower(strings.TrimSpace(k)); got != want {
			t.Errorf("NormKeyword(%q) = %q, want %q", k, got, want)
		}
	}
	if got := NormKeywords([]string{"Ring", "ring ", "", "field", " "}); strings.Join(got, ",") != "ring,field" {
		t.Errorf("NormKeywords = %q", got)
	}
}
