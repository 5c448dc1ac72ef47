package backend

import (
	"slices"
	"strings"
)

// FirstCycle runs an iterative depth-first search (no recursion, so a deep
// chain cannot overflow the stack) over the graph adj (node i's edges lead
// to the nodes adj[i]), roots taken in order, in linear time, and returns
// the first cycle it meets as its nodes in order, or nil. tick, when not
// nil, runs at each step, and its error stops the search: a verifier's
// cancellation. Both backends' Verify report cycles through it.
func FirstCycle(adj [][]int, tick func() error) ([]int, error) {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(adj))
	type frame struct{ node, next int }
	var stack []frame
	for root := range adj {
		if color[root] != white {
			continue
		}
		stack = append(stack[:0], frame{root, 0})
		color[root] = grey
		for len(stack) > 0 {
			if tick != nil {
				if err := tick(); err != nil {
					return nil, err
				}
			}
			top := &stack[len(stack)-1]
			if top.next == len(adj[top.node]) {
				color[top.node] = black
				stack = stack[:len(stack)-1]
				continue
			}
			next := adj[top.node][top.next]
			top.next++
			switch color[next] {
			case white:
				color[next] = grey
				stack = append(stack, frame{next, 0})
			case grey:
				// The grey nodes on the stack from next onwards form
				// the cycle.
				var cycle []int
				for i := len(stack) - 1; i >= 0; i-- {
					cycle = append(cycle, stack[i].node)
					if stack[i].node == next {
						break
					}
				}
				slices.Reverse(cycle)
				return cycle, nil
			}
		}
	}
	return nil, nil
}

// CyclePath renders a cycle of ids closed on its first, eliding the middle
// of a long one.
func CyclePath(path []string) string {
	const keep = 8
	closed := append(slices.Clip(path), path[0])
	if len(closed) <= 2*keep+1 {
		return strings.Join(closed, " → ")
	}
	return strings.Join(closed[:keep], " → ") + " → … → " + strings.Join(closed[len(closed)-keep:], " → ")
}
