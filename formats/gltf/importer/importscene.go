package importer

import (
	"fmt"
	"math"

	qgltf "github.com/qmuntal/gltf"
)

// MaxNodeDepth bounds how deep the node hierarchy may nest. No modelling
// tool writes anything near it; a file that does is refused rather than
// turned into a joint chain thousands long that every pose walks.
const MaxNodeDepth = 1024

// graph is the node hierarchy of the scene being imported.
type graph struct {
	parent  []int  // parent node, −1 for a root
	order   []int  // the scene's nodes, parents first
	inScene []bool // reached from the scene's roots
	depth   []int
	// rest holds each node's local transform from its properties (the pose
	// without animation) as translation, rotation, scale; matrix nodes
	// keep their matrix in fixed.
	t     [][3]float64
	r     [][4]float64
	s     [][3]float64
	fixed []*mat4
}

// buildGraph checks the hierarchy (child indices, one parent per node, no
// cycles, depth) and orders the default scene's nodes.
func buildGraph(doc *qgltf.Document) (*graph, error) {
	n := len(doc.Nodes)
	g := &graph{parent: make([]int, n), inScene: make([]bool, n), depth: make([]int, n),
		t: make([][3]float64, n), r: make([][4]float64, n), s: make([][3]float64, n), fixed: make([]*mat4, n)}
	for i := range g.parent {
		g.parent[i] = -1
	}
	for i, node := range doc.Nodes {
		if node == nil {
			return nil, errAt(fmt.Sprintf("/nodes/%d", i), "null node")
		}
		for k, c := range node.Children {
			at := fmt.Sprintf("/nodes/%d/children/%d", i, k)
			switch {
			case c < 0 || c >= n:
				return nil, errAt(at, "node %d does not exist (the file has %d)", c, n)
			case c == i:
				return nil, errAt(at, "node %d is its own child", c)
			case g.parent[c] >= 0:
				return nil, errAt(at, "node %d is already a child of node %d: a node has one parent", c, g.parent[c])
			}
			g.parent[c] = i
		}
		if node.Matrix != qgltf.DefaultMatrix && node.Matrix != ([16]float64{}) {
			m := mat4(node.Matrix)
			g.fixed[i] = &m
		}
		g.t[i], g.r[i], g.s[i] = node.TranslationOrDefault(), node.RotationOrDefault(), node.ScaleOrDefault()
		for _, x := range append(append(g.t[i][:], g.r[i][:]...), append(g.s[i][:], node.Matrix[:]...)...) {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, errAt(fmt.Sprintf("/nodes/%d", i), "a transform value is not a finite number")
			}
		}
	}
	// Depths by walking up: a node met again on its own walk is in a cycle.
	const unknown, walking = -1, -2
	for i := range g.depth {
		g.depth[i] = unknown
	}
	var chain []int
	for i := range n {
		chain = chain[:0]
		j := i
		for j >= 0 && g.depth[j] == unknown {
			g.depth[j] = walking
			chain = append(chain, j)
			j = g.parent[j]
		}
		if j >= 0 && g.depth[j] == walking {
			return nil, errAt(fmt.Sprintf("/nodes/%d/children", g.parent[j]), "node %d is its own ancestor (the hierarchy has a cycle)", j)
		}
		d := -1
		if j >= 0 {
			d = g.depth[j]
		}
		for k := len(chain) - 1; k >= 0; k-- {
			d++
			g.depth[chain[k]] = d
			if d >= MaxNodeDepth {
				return nil, errAt(fmt.Sprintf("/nodes/%d", chain[k]), "the hierarchy nests deeper than %d levels", MaxNodeDepth)
			}
		}
	}
	roots, err := sceneRoots(doc, g)
	if err != nil {
		return nil, err
	}
	children := make([][]int, n)
	for i, node := range doc.Nodes {
		children[i] = node.Children
	}
	stack := make([]int, len(roots))
	for k, r := range roots {
		stack[len(roots)-1-k] = r // the first root is taken first
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.inScene[i] {
			continue
		}
		g.inScene[i] = true
		g.order = append(g.order, i)
		for k := len(children[i]) - 1; k >= 0; k-- {
			stack = append(stack, children[i][k])
		}
	}
	return g, nil
}

// sceneRoots returns the root nodes of the default scene (the first scene
// when none is named; every parentless node when there are no scenes).
func sceneRoots(doc *qgltf.Document, g *graph) ([]int, error) {
	if len(doc.Scenes) == 0 {
		var roots []int
		for i, p := range g.parent {
			if p < 0 {
				roots = append(roots, i)
			}
		}
		return roots, nil
	}
	si := 0
	if doc.Scene != nil {
		si = *doc.Scene
		if si < 0 || si >= len(doc.Scenes) {
			return nil, errAt("/scene", "scene %d does not exist (the file has %d)", si, len(doc.Scenes))
		}
	}
	sc := doc.Scenes[si]
	if sc == nil {
		return nil, errAt(fmt.Sprintf("/scenes/%d", si), "null scene")
	}
	for k, r := range sc.Nodes {
		at := fmt.Sprintf("/scenes/%d/nodes/%d", si, k)
		if r < 0 || r >= len(g.parent) {
			return nil, errAt(at, "node %d does not exist (the file has %d)", r, len(g.parent))
		}
		if g.parent[r] >= 0 {
			return nil, errAt(at, "node %d is a scene root but also a child of node %d", r, g.parent[r])
		}
	}
	return sc.Nodes, nil
}

// pose holds one evaluation of the scene: each node's local TRS and world
// matrix.
type pose struct {
	t     [][3]float64
	r     [][4]float64
	s     [][3]float64
	world []mat4
}

func (g *graph) newPose() *pose {
	n := len(g.parent)
	return &pose{t: make([][3]float64, n), r: make([][4]float64, n), s: make([][3]float64, n), world: make([]mat4, n)}
}

// evaluate poses the scene at time tau of clip (nil: no animation); left
// takes the value just before tau where a STEP channel jumps.
func (g *graph) evaluate(p *pose, clip *clipSource, tau float64, left bool) {
	copy(p.t, g.t)
	copy(p.r, g.r)
	copy(p.s, g.s)
	if clip != nil {
		var v [4]float64
		for i := range clip.channels {
			c := &clip.channels[i]
			c.eval(tau, left, v[:c.comps])
			switch c.path {
			case qgltf.TRSTranslation:
				p.t[c.node] = [3]float64{v[0], v[1], v[2]}
			case qgltf.TRSRotation:
				p.r[c.node] = v
			case qgltf.TRSScale:
				p.s[c.node] = [3]float64{v[0], v[1], v[2]}
			}
		}
	}
	for _, i := range g.order {
		var l mat4
		if f := g.fixed[i]; f != nil {
			l = *f
		} else {
			l = nodeMatrix(p.t[i], p.r[i], p.s[i])
		}
		if pi := g.parent[i]; pi >= 0 {
			p.world[i] = p.world[pi].mul(&l)
		} else {
			p.world[i] = l
		}
	}
}
