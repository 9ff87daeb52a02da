package model

// Findings about texture files that are too large to show.
const (
	// CodeTextureTooLarge: the texture file claims more pixels than the
	// decoders take, or decoding it would need more memory than the
	// budget (formats/teximage.Budget); the placeholder is shown.
	CodeTextureTooLarge Code = "texture.too-large"
)

func init() {
	declareCodes(CodeInfo{CodeTextureTooLarge, Warning, "a texture file is larger than the decoders take, or needs more memory to decode than the budget; the placeholder is shown"})
}
