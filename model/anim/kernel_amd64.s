//go:build amd64 && !purego

#include "textflag.h"

// AVX2/FMA skinning kernels; see kernel.go for the contract and
// kernel_amd64.go for when they run.
//
// A matrix (mgl32.Mat4, column-major, 64 bytes) is two YMM registers:
// [C0 | C1] and [C2 | C3], the four columns. Blending the influences is two
// fused multiply-adds each: Y2 = Σ w·[C0|C1], Y3 = Σ w·[C2|C3]. The blended
// position is then C3 + C0·x + C1·y + C2·z (the fourth lane is unused).
//
// Registers: SI record, CX records left, DI matrix table, DX pos, R8 rot
// (0 when nil), AX BX R9 scratch.
//
// Record layouts (checked by TestRecordLayout):
//   rec2: p 0, w 12, j 20, dst 24, size 28
//   rec3: p 0, w 12, j 24, dst 32, size 36
//   rec4: p 0, w 12, j 28, dst 36, size 40
// Joint indices are 16-bit.

// FIRST starts the blend with the influence whose 16-bit joint index is at joff and
// weight at woff.
#define FIRST(joff, woff) \
	MOVWLZX joff(SI), AX; \
	SHLQ $6, AX; \
	VBROADCASTSS woff(SI), Y0; \
	VMULPS (DI)(AX*1), Y0, Y2; \
	VMULPS 32(DI)(AX*1), Y0, Y3

// NEXT adds one more influence to the blend.
#define NEXT(joff, woff) \
	MOVWLZX joff(SI), AX; \
	SHLQ $6, AX; \
	VBROADCASTSS woff(SI), Y0; \
	VFMADD231PS (DI)(AX*1), Y0, Y2; \
	VFMADD231PS 32(DI)(AX*1), Y0, Y3

// POSITION transforms the record's position by the blend and stores it at
// pos[dst]; it leaves BX = 3·dst, X2 = C0, X7 = C1, X3 = C2.
#define POSITION(dstoff) \
	VBROADCASTSS 0(SI), X4; \
	VBROADCASTSS 4(SI), X5; \
	VBROADCASTSS 8(SI), X6; \
	VEXTRACTF128 $1, Y2, X7; \
	VEXTRACTF128 $1, Y3, X8; \
	VFMADD231PS X2, X4, X8; \
	VFMADD231PS X7, X5, X8; \
	VFMADD231PS X3, X6, X8; \
	MOVL dstoff(SI), AX; \
	LEAQ (AX)(AX*2), BX; \
	VMOVSD X8, (DX)(BX*4); \
	VEXTRACTPS $2, X8, 8(DX)(BX*4)

// ROTATION stores the blended columns C0, C1, C2 at rot[dst] (36 bytes).
// The 16-byte stores of C0 and C1 spill one float into the next column,
// which the next store overwrites; C2 is stored in two parts so that
// nothing is written past rot[dst].
#define ROTATION \
	LEAQ (BX)(BX*2), R9; \
	VMOVUPS X2, (R8)(R9*4); \
	VMOVUPS X7, 12(R8)(R9*4); \
	VMOVSD X3, 24(R8)(R9*4); \
	VEXTRACTPS $2, X3, 32(R8)(R9*4)

#define PROLOGUE \
	MOVQ rs_base+0(FP), SI; \
	MOVQ rs_len+8(FP), CX; \
	MOVQ m+24(FP), DI; \
	MOVQ pos_base+32(FP), DX; \
	MOVQ rot_base+56(FP), R8

// func skin2FMA(rs []rec2, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)
TEXT ·skin2FMA(SB), NOSPLIT, $0-80
	PROLOGUE
	TESTQ CX, CX
	JEQ   done2

loop2:
	FIRST(20, 12)
	NEXT(22, 16)
	POSITION(24)
	TESTQ R8, R8
	JEQ   next2
	ROTATION

next2:
	ADDQ $28, SI
	DECQ CX
	JNE  loop2

done2:
	VZEROUPPER
	RET

// func skin3FMA(rs []rec3, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)
TEXT ·skin3FMA(SB), NOSPLIT, $0-80
	PROLOGUE
	TESTQ CX, CX
	JEQ   done3

loop3:
	FIRST(24, 12)
	NEXT(26, 16)
	NEXT(28, 20)
	POSITION(32)
	TESTQ R8, R8
	JEQ   next3
	ROTATION

next3:
	ADDQ $36, SI
	DECQ CX
	JNE  loop3

done3:
	VZEROUPPER
	RET

// func skin4FMA(rs []rec4, m *mgl32.Mat4, pos [][3]float32, rot [][9]float32)
TEXT ·skin4FMA(SB), NOSPLIT, $0-80
	PROLOGUE
	TESTQ CX, CX
	JEQ   done4

loop4:
	FIRST(28, 12)
	NEXT(30, 16)
	NEXT(32, 20)
	NEXT(34, 24)
	POSITION(36)
	TESTQ R8, R8
	JEQ   next4
	ROTATION

next4:
	ADDQ $40, SI
	DECQ CX
	JNE  loop4

done4:
	VZEROUPPER
	RET
