package imaging

import (
	"image"
	"image/color"
)

// needs estimates, from an image's headers, the most memory Process holds
// at once for it, in bytes: the file itself, plus the largest of its three
// steps, each of which lets the previous one's memory go:
//
//   - decoding: the decoded planes (rounded up to whole blocks, as the
//     decoders allocate them), the DCT coefficients a progressive JPEG's
//     decoder keeps for the whole image (a 256-byte block of int32 for each
//     8×8 block of each component: 4 bytes a sample), and the copy a CMYK
//     or RGB JPEG's decoder makes of its planes;
//   - flattening: the decoded image, the full-size RGBA copy that models
//     boxShrink does not read directly go through, and the box-filtered
//     copy;
//   - the variants: the box-filtered copy, Catmull-Rom's buffer (32 bytes
//     per pixel of the variant's width by the filtered copy's height) and
//     the largest variant before and after orientation.
//
// It follows the allocations of image/jpeg, image/png, x/image/webp and
// x/image/draw; the WebP encoder's memory is not counted (see
// DefaultMaxMemory).
func needs(info Info, cfg image.Config, l jpegLayout, src []byte, widths []int) int64 {
	w, h := int64(info.Width), int64(info.Height)
	px := w * h
	var decoding, decoded int64
	direct := false // boxShrink reads the decoded image without a full copy
	if info.Format == JPEG && l.frame {
		decoding, decoded, direct = jpegNeeds(l)
	} else {
		switch cfg.ColorModel {
		case color.YCbCrModel: // lossy WebP: 4:2:0
			decoded, direct = px*3/2, true
		case color.NYCbCrAModel:
			decoded = px * 5 / 2
		case color.GrayModel, color.AlphaModel:
			decoded = px
		case color.Gray16Model:
			decoded = 2 * px
		case color.RGBAModel, color.NRGBAModel:
			decoded, direct = 4*px, true
		case color.RGBA64Model, color.NRGBA64Model:
			decoded = 8 * px
		default: // paletted
			decoded = px
		}
		decoding = decoded
		if info.Format == PNG && len(src) > 28 && src[28] == 1 {
			decoding += decoded // Adam7: each pass decoded apart, then copied in
		}
	}
	flat := int64(0)
	if !direct {
		flat = 4 * px
	}

	// The variants, as Process makes them (orientation ignored: it swaps
	// the sides of every buffer alike).
	ws := VariantWidths(info.Width, widths)
	largest := int64(ws[len(ws)-1])
	k := int64(boxFactor(info.Width, int(largest)))
	bw, bh := (w+k-1)/k, (h+k-1)/k
	base := 4 * bw * bh
	vh := max(1, (h*largest+w/2)/w)
	variants := base + 32*largest*bh + 2*4*largest*vh

	return int64(len(src)) + max(decoding, decoded+flat+base, variants)
}

// jpegNeeds estimates, for image/jpeg, the memory of decoding a JPEG of
// layout l, the size of the image it returns, and whether boxShrink reads
// that image directly (YCbCr and RGBA).
func jpegNeeds(l jpegLayout) (decoding, decoded int64, direct bool) {
	comps := l.comps
	if len(comps) == 0 {
		return 0, 0, false
	}
	h0, v0 := max(1, comps[0].h), max(1, comps[0].v)
	if len(comps) == 1 {
		h0, v0 = 1, 1 // image/jpeg ignores a grey image's sampling factors
	}
	mxx := int64((l.width + 8*h0 - 1) / (8 * h0))
	myy := int64((l.height + 8*v0 - 1) / (8 * v0))
	px := int64(l.width) * int64(l.height)
	var planes, coeffs int64
	for i, c := range comps {
		hi, vi := max(1, c.h), max(1, c.v)
		if len(comps) == 1 {
			hi, vi = 1, 1
		}
		blocks := mxx * myy * int64(hi*vi)
		if i < 3 || len(comps) == 4 {
			planes += 64 * blocks
		}
		if l.progressive {
			coeffs += 256 * blocks
		}
	}
	decoded, direct = planes, len(comps) == 3
	var converted int64
	switch {
	case len(comps) == 4: // CMYK or YCbCrK, into a 4-byte-a-pixel image
		converted, decoded, direct = 4*px, 4*px, false
	case len(comps) == 3 && isRGB(l): // into an RGBA image
		converted, decoded = 4*px, 4*px
	}
	return planes + coeffs + converted, decoded, direct
}

// isRGB reports whether image/jpeg decodes a 3-component JPEG as RGB
// rather than YCbCr (its decoder's own rule).
func isRGB(l jpegLayout) bool {
	if l.jfif {
		return false
	}
	if l.adobe == 0 {
		return true
	}
	return len(l.comps) == 3 && l.comps[0].id == 'R' && l.comps[1].id == 'G' && l.comps[2].id == 'B'
}
