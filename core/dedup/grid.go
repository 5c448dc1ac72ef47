package dedup

import (
	"math"

	"github.com/lore-kb/lore/core"
)

// The plane grid: [−1, 1]² cut into GridSize×GridSize square cells of side
// CellSize, the default prefilter distance. The in-memory Index files
// primitives under their cells and the store files keyword postings under
// them, so that both find a candidate's neighbours by scanning the few
// cells within reach instead of everything. Positions outside the square
// fall into the edge cells, so they are still found (the exact distance
// test follows), and a NaN coordinate into the first column or row. The
// store's keys depend on the grid: a change to it changes derived data, so
// bump FeaturesVersion with it.
const (
	CellSize = 0.2
	GridSize = 10
	// gridEps widens a query's cell range so that rounding in x±r never
	// drops a cell holding a primitive exactly at distance r.
	gridEps = 1e-9
)

// GridCoord is the grid column (or row) of one coordinate, 0 … GridSize−1.
func GridCoord(v float64) int {
	if math.IsNaN(v) {
		return 0
	}
	c := math.Floor((v + 1) / CellSize)
	switch {
	case c < 0:
		return 0
	case c >= GridSize:
		return GridSize - 1
	}
	return int(c)
}

// GridCell is the column and row of p's cell.
func GridCell(p core.PlanePosition) (col, row int) {
	return GridCoord(p.Real), GridCoord(p.Imaginary)
}

// CellRange returns the columns x0…x1 and rows y0…y1 of the cells a point
// within r of p can lie in.
func CellRange(p core.PlanePosition, r float64) (x0, x1, y0, y1 int) {
	return GridCoord(p.Real - r - gridEps), GridCoord(p.Real + r + gridEps),
		GridCoord(p.Imaginary - r - gridEps), GridCoord(p.Imaginary + r + gridEps)
}

// CellDistance is the least distance from p to a point of the cell at
// (col, row). The edge cells reach to infinity, since positions off the
// grid are filed there; a position with a NaN coordinate is infinitely far
// from every cell.
func CellDistance(p core.PlanePosition, col, row int) float64 {
	if math.IsNaN(p.Real) || math.IsNaN(p.Imaginary) {
		return math.Inf(1)
	}
	axis := func(v float64, c int) float64 {
		lo, hi := -1+float64(c)*CellSize, -1+float64(c+1)*CellSize
		if c == 0 {
			lo = math.Inf(-1)
		}
		if c == GridSize-1 {
			hi = math.Inf(1)
		}
		return max(lo-v, 0, v-hi)
	}
	return math.Hypot(axis(p.Real, col), axis(p.Imaginary, row))
}
