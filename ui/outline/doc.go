// Package outline is the tree on the left of the editor (Outline): the
// model, its groups with their triangle counts and materials, its
// materials with their textures and whether they resolve, and its joints
// as their real hierarchy with their key counts. Selecting a node selects
// the element through the shared hub, and the tree follows the hub.
//
// Dependencies: outline imports document, texture (the texture lookups),
// ui/hub and ui/widgets; the editor (ui) imports it. It runs on Fyne's
// goroutine and starts no goroutine.
package outline
