package smd

import "ms3dstudio/model/xform"

// toSMD maps MilkShape axes (Y up, facing +Z) to the engines' (Z up, facing
// +X): (x, y, z) → (z, x, y). It is a rotation (determinant 1).
var toSMD = xform.Mat3{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}

// fromSMD is the inverse of toSMD.
var fromSMD = toSMD.Transpose()
