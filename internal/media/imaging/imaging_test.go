package imaging

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	xdraw "golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"
)

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		name string
		head string
		want Format
	}{
		{"jpeg", "\xFF\xD8\xFF\xE0\x00\x10JFIF", JPEG},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", PNG},
		{"webp", "RIFF\x24\x00\x00\x00WEBPVP8 ", WebP},
		{"gif", "GIF89a\x01\x00\x01\x00", GIF},
		{"heic", "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", HEIC},
		{"heic by compatible brand", "\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic", HEIC},
		{"avif", "\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf", AVIF},
		{"mp4", "\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2", Unknown},
		{"svg", "\xEF\xBB\xBF  <svg xmlns=\"http://www.w3.org/2000/svg\">", SVG},
		{"xml svg", "<?xml version=\"1.0\"?>\n<svg>", SVG},
		{"text", "Apartamento 3 quartos, vista para o mar — ótimo!", Text},
		{"tiff", "II*\x00\x08\x00\x00\x00", TIFF},
		{"bmp", "BM\x36\x00\x0c\x00", BMP},
		{"pdf", "%PDF-1.7\n", PDF},
		{"empty", "", Unknown},
		{"binary", "\x00\x01\x02\x03\xFE\xFF", Unknown},
		{"half a jpeg signature", "\xFF\xD8", Unknown},
	} {
		if got := Sniff([]byte(c.head)); got != c.want {
			t.Errorf("%s: Sniff = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestInspectSupportedFormats(t *testing.T) {
	m := quadrants(40, 30)
	for _, c := range []struct {
		f    Format
		data []byte
	}{
		{JPEG, encodeJPEG(t, m)},
		{PNG, encodePNG(t, m)},
		{WebP, encodeWebP(t, m)},
	} {
		info, err := Inspect(bytes.NewReader(c.data), Limits{})
		if err != nil {
			t.Fatalf("%s: %v", c.f, err)
		}
		if info != (Info{Format: c.f, Width: 40, Height: 30}) {
			t.Errorf("%s: Inspect = %+v", c.f, info)
		}
		res, err := Process(context.Background(), c.data, Options{})
		if err != nil {
			t.Fatalf("%s: Process: %v", c.f, err)
		}
		if res.Format != c.f || res.Width != 40 || res.Height != 30 || len(res.Variants) != 2 {
			t.Fatalf("%s: Process = %+v", c.f, res)
		}
		for _, v := range res.Variants {
			img := decodeVariant(t, v)
			checkColor(t, string(c.f)+" "+v.Name+" top-left", img.At(5, 5), red)
			checkColor(t, string(c.f)+" "+v.Name+" bottom-right", img.At(35, 25), white)
		}
	}
}

// The content decides: a PNG named photo.jpg is a PNG, and processed as one.
func TestContentWinsOverName(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "photo.jpg")
	if err := os.WriteFile(name, encodePNG(t, quadrants(20, 10)), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := Inspect(f, Limits{})
	if err != nil || info.Format != PNG {
		t.Fatalf("Inspect(%s) = %+v, %v; want a PNG", filepath.Base(name), info, err)
	}
}

func TestUnsupportedFormats(t *testing.T) {
	var g bytes.Buffer
	pal := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White})
	if err := gif.Encode(&g, pal, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want Format
	}{
		{"gif", g.Bytes(), GIF},
		{"heic", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta"), HEIC},
		{"text renamed .jpg", []byte("isto não é uma foto\n"), Text},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`), SVG},
		{"empty", nil, Unknown},
	} {
		for _, run := range []func() error{
			func() error { _, err := Inspect(bytes.NewReader(c.data), Limits{}); return err },
			func() error { _, err := Process(context.Background(), c.data, Options{}); return err },
		} {
			err := run()
			var ue *UnsupportedError
			if !errors.Is(err, ErrUnsupported) || !errors.As(err, &ue) || ue.Format != c.want {
				t.Errorf("%s: error %v, want ErrUnsupported with format %q", c.name, err, c.want)
			}
		}
	}
}

func TestLimitsBeforeDecoding(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		lim  Limits
		want error
	}{
		// 900 MP declared in 33 bytes: refused from the header.
		{"png bomb", imagingtest.PNGHeader(30000, 30000), Limits{}, ErrTooManyPixels},
		{"over 50 MP", imagingtest.PNGHeader(8000, 7000), Limits{}, ErrTooManyPixels},
		{"configured limit", imagingtest.PNGHeader(101, 100), Limits{MaxPixels: 10000}, ErrTooManyPixels},
		{"side too long", imagingtest.PNGHeader(20001, 10), Limits{}, ErrSideTooLong},
		{"configured side", imagingtest.PNGHeader(300, 10), Limits{MaxSide: 200}, ErrSideTooLong},
		{"jpeg bomb", jpegHeader(30000, 30000), Limits{}, ErrTooManyPixels},
		{"zero width", imagingtest.PNGHeader(0, 10), Limits{}, ErrCorrupt},
	} {
		_, err := Inspect(bytes.NewReader(c.data), c.lim)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Inspect error %v, want %v", c.name, err, c.want)
		}
		_, err = Process(context.Background(), c.data, Options{Limits: c.lim})
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Process error %v, want %v", c.name, err, c.want)
		}
	}
	// Just within the limits, the header is accepted (the data is missing,
	// which decoding then finds).
	if info, err := Inspect(bytes.NewReader(imagingtest.PNGHeader(20000, 2500)), Limits{}); err != nil || info.Width != 20000 {
		t.Errorf("20000×2500 (50 MP): %+v, %v; want accepted", info, err)
	}
	if _, err := Process(context.Background(), imagingtest.PNGHeader(100, 100), Options{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a PNG with no data: %v, want ErrCorrupt", err)
	}
}

// jpegHeader is a JPEG's SOI, a JFIF APP0 segment and a baseline frame
// header declaring w×h, three components, and nothing else.
func jpegHeader(w, h int) []byte {
	b := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	b = append(b, 0xFF, 0xC0, 0x00, 17, 8)
	b = binary.BigEndian.AppendUint16(b, uint16(h))
	b = binary.BigEndian.AppendUint16(b, uint16(w))
	return append(b, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
}

func TestCorrupt(t *testing.T) {
	full := withMetadata(encodeJPEG(t, quadrants(64, 48)), 6)
	for _, n := range []int{len(full) - 2, len(full) * 2 / 3, len(full) / 2, 400, 30, 3} {
		_, err := Process(context.Background(), full[:n], Options{})
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("JPEG cut to %d of %d bytes: %v, want ErrCorrupt", n, len(full), err)
		}
	}
	p := encodePNG(t, quadrants(64, 48))
	if _, err := Process(context.Background(), p[:len(p)-20], Options{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("truncated PNG: %v, want ErrCorrupt", err)
	}
	w := encodeWebP(t, quadrants(64, 48))
	if _, err := Process(context.Background(), w[:len(w)/2], Options{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("truncated WebP: %v, want ErrCorrupt", err)
	}
}

// Damaged bytes anywhere give an error or a result, never a panic.
func FuzzProcess(f *testing.F) {
	f.Add(withMetadata(encodeJPEG(f, quadrants(16, 12)), 6))
	f.Add(encodePNG(f, quadrants(16, 12)))
	f.Add(encodeWebP(f, quadrants(16, 12)))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Process(context.Background(), data, Options{Limits: Limits{MaxPixels: 1 << 16}})
		if err == nil && len(res.Variants) == 0 {
			t.Fatal("no error and no variant")
		}
	})
}

func TestOrientation(t *testing.T) {
	// Stored 64×48: which stored quadrant is displayed at the top-left and
	// the top-right corners for each orientation.
	for o, want := range map[int][2]color.RGBA{
		1: {red, green},
		2: {green, red},
		3: {white, blue},
		4: {blue, white},
		5: {red, blue},
		6: {blue, red},
		7: {white, green},
		8: {green, white},
	} {
		src := withMetadata(encodeJPEG(t, quadrants(64, 48)), o)
		if got := jpegOrientation(src); got != o {
			t.Fatalf("jpegOrientation = %d, want %d", got, o)
		}
		res, err := Process(context.Background(), src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		dw, dh := 64, 48
		if o >= 5 {
			dw, dh = 48, 64
		}
		if res.Width != dw || res.Height != dh || res.Orientation != o {
			t.Fatalf("orientation %d: result %d×%d (orientation %d), want %d×%d", o, res.Width, res.Height, res.Orientation, dw, dh)
		}
		for _, v := range res.Variants {
			img := decodeVariant(t, v)
			if b := img.Bounds(); b.Dx() != dw || b.Dy() != dh || v.Width != dw || v.Height != dh {
				t.Fatalf("orientation %d: %s is %v (says %d×%d), want %d×%d", o, v.Name, b, v.Width, v.Height, dw, dh)
			}
			checkColor(t, v.Name+" top-left", img.At(dw/4, dh/4), want[0])
			checkColor(t, v.Name+" top-right", img.At(dw*3/4, dh/4), want[1])
		}
	}
}

// A photo from a phone: its GPS position, camera serial number and colour
// profile are in no output, which carries no metadata block at all.
func TestNoMetadataSurvives(t *testing.T) {
	src := withMetadata(encodeJPEG(t, quadrants(1500, 1000)), 6)
	for _, s := range []string{"Exif", testSerial, testICC, "MM\x00*"} {
		if !bytes.Contains(src, []byte(s)) {
			t.Fatalf("the test photo lacks %q", s)
		}
	}
	res, err := Process(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Displayed 1000×1500: never upscaled, its own width last.
	var widths []int
	for _, v := range res.Variants {
		if v.Format == JPEG {
			widths = append(widths, v.Width)
		}
		if v.Height != (1500*v.Width+500)/1000 {
			t.Errorf("%s: %d×%d, not 2:3", v.Name, v.Width, v.Height)
		}
		for _, s := range []string{"Exif", "EXIF", testSerial, testICC, "ICC_PROFILE", "ICCP", "XMP", "MM\x00*", "II*\x00"} {
			if bytes.Contains(v.Data, []byte(s)) {
				t.Errorf("%s contains %q", v.Name, s)
			}
		}
		switch v.Format {
		case JPEG:
			if segs := jpegAppSegments(t, v.Data); len(segs) != 0 {
				t.Errorf("%s has APPn segments %x", v.Name, segs)
			}
		case WebP:
			if chunks := webpChunks(t, v.Data); len(chunks) != 1 || chunks[0] != "VP8 " && chunks[0] != "VP8L" {
				t.Errorf("%s has chunks %q, want one image chunk", v.Name, chunks)
			}
		}
		decodeVariant(t, v)
	}
	if want := []int{480, 960, 1000}; !slices.Equal(widths, want) {
		t.Errorf("widths %v, want %v", widths, want)
	}
}

func jpegAppSegments(t *testing.T, b []byte) []byte {
	t.Helper()
	var apps []byte
	for i := 2; i+4 <= len(b); {
		m := b[i+1]
		if b[i] != 0xFF || m == 0xDA {
			break
		}
		if m >= 0xE0 && m <= 0xEF || m == 0xFE {
			apps = append(apps, m)
		}
		i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	}
	return apps
}

func webpChunks(t *testing.T, b []byte) []string {
	t.Helper()
	var chunks []string
	for i := 12; i+8 <= len(b); {
		chunks = append(chunks, string(b[i:i+4]))
		n := int(binary.LittleEndian.Uint32(b[i+4:]))
		i += 8 + n + n%2
	}
	return chunks
}

func TestVariantWidths(t *testing.T) {
	for _, c := range []struct {
		w    int
		ws   []int
		want []int
	}{
		{4000, nil, []int{480, 960, 1440, 1920}},
		{1920, nil, []int{480, 960, 1440, 1920}},
		{1200, nil, []int{480, 960, 1200}},
		{960, nil, []int{480, 960}},
		{300, nil, []int{300}},
		{1000, []int{800, 400, 0, 800, 2000}, []int{400, 800, 1000}},
	} {
		if got := VariantWidths(c.w, c.ws); !slices.Equal(got, c.want) {
			t.Errorf("VariantWidths(%d, %v) = %v, want %v", c.w, c.ws, got, c.want)
		}
	}
}

func TestWideAndSmallVariants(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		sizes [][2]int
	}{
		{2400, 200, [][2]int{{480, 40}, {960, 80}, {1440, 120}, {1920, 160}}},
		{300, 200, [][2]int{{300, 200}}},
	} {
		res, err := Process(context.Background(), encodeJPEG(t, quadrants(c.w, c.h)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var sizes [][2]int
		for i, v := range res.Variants {
			want := [...]Format{JPEG, WebP}[i%2]
			if v.Format != want {
				t.Errorf("variant %d is %s, want %s", i, v.Format, want)
			}
			if v.Format == JPEG {
				sizes = append(sizes, [2]int{v.Width, v.Height})
			}
			b := decodeVariant(t, v).Bounds()
			if b.Dx() != v.Width || b.Dy() != v.Height {
				t.Errorf("%s decodes to %v, says %d×%d", v.Name, b, v.Width, v.Height)
			}
		}
		if !slices.Equal(sizes, c.sizes) {
			t.Errorf("%d×%d: variants %v, want %v", c.w, c.h, sizes, c.sizes)
		}
	}
}

func TestNamesFromContent(t *testing.T) {
	src := withMetadata(encodeJPEG(t, quadrants(1000, 500)), 1)
	a, err := Process(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := Process(context.Background(), bytes.Clone(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// One byte of the serial number changed: same pixels, another file.
	changed := bytes.Replace(src, []byte(testSerial), []byte("VTR-SERIAL-0042732"), 1)
	b, err := Process(context.Background(), changed, Options{})
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^[0-9a-f]{32}-[0-9]+\.(jpg|webp)$`)
	if len(a.Variants) != 6 {
		t.Fatalf("%d variants, want 6", len(a.Variants))
	}
	for i, v := range a.Variants {
		if !name.MatchString(v.Name) || blob.CheckKey(v.Name) != nil {
			t.Errorf("name %q is not <32 hex>-<width>.<ext> or not a blob key", v.Name)
		}
		if again.Variants[i].Name != v.Name {
			t.Errorf("same bytes, names %q and %q", v.Name, again.Variants[i].Name)
		}
		if b.Variants[i].Name == v.Name {
			t.Errorf("one byte changed, same name %q", v.Name)
		}
	}
	if a.ID != ContentID(src) || a.Variants[0].Name != a.ID+"-480.jpg" || a.Variants[5].Name != a.ID+"-1000.webp" {
		t.Errorf("ID %s, names %s … %s", a.ID, a.Variants[0].Name, a.Variants[5].Name)
	}
}

func TestContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Process(ctx, encodeJPEG(t, quadrants(64, 48)), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// decodeVariant decodes a variant with the standard JPEG decoder or
// x/image/webp and checks it is opaque 8-bit data of the announced size.
func decodeVariant(t *testing.T, v Variant) image.Image {
	t.Helper()
	var img image.Image
	var err error
	switch v.Format {
	case JPEG:
		img, err = jpeg.Decode(bytes.NewReader(v.Data))
	case WebP:
		img, err = xwebp.Decode(bytes.NewReader(v.Data))
	default:
		t.Fatalf("%s: format %q", v.Name, v.Format)
	}
	if err != nil {
		t.Fatalf("%s: %v", v.Name, err)
	}
	if f := Sniff(v.Data); f != v.Format {
		t.Errorf("%s sniffs as %s", v.Name, f)
	}
	if b := img.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
		t.Errorf("%s decodes to %v, says %d×%d", v.Name, b, v.Width, v.Height)
	}
	return img
}

func checkColor(t *testing.T, what string, got color.Color, want color.RGBA) {
	t.Helper()
	r, g, b, _ := got.RGBA()
	d := func(x uint32, y uint8) int { return max(int(x>>8)-int(y), int(y)-int(x>>8)) }
	if d(r, want.R) > 40 || d(g, want.G) > 40 || d(b, want.B) > 40 {
		t.Errorf("%s: colour %d,%d,%d, want %d,%d,%d", what, r>>8, g>>8, b>>8, want.R, want.G, want.B)
	}
}

// Transparent pixels come out white; images of other colour models
// (grey here) come out as RGB.
func TestTransparencyAndGrey(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 1000, 100))
	for y := range 100 {
		for x := range 1000 {
			c := color.NRGBA{0, 0, 0xFF, 0xFF}
			if x < 500 {
				c = color.NRGBA{0, 0, 0, 0} // transparent black
			}
			m.SetNRGBA(x, y, c)
		}
	}
	g := image.NewGray(image.Rect(0, 0, 50, 40))
	for i := range g.Pix {
		g.Pix[i] = 0x80
	}
	for _, c := range []struct {
		name        string
		data        []byte
		left, right color.RGBA
	}{
		{"nrgba png", encodePNG(t, m), white, blue},
		{"lossless webp", encodeLosslessWebP(t, m), white, blue},
		{"grey png", encodePNG(t, g), color.RGBA{0x80, 0x80, 0x80, 0xFF}, color.RGBA{0x80, 0x80, 0x80, 0xFF}},
	} {
		res, err := Process(context.Background(), c.data, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, v := range res.Variants {
			img := decodeVariant(t, v)
			checkColor(t, c.name+" "+v.Name+" left", img.At(v.Width/4, v.Height/2), c.left)
			checkColor(t, c.name+" "+v.Name+" right", img.At(v.Width*3/4, v.Height/2), c.right)
		}
	}
}

// The box filter and Catmull-Rom give about what Catmull-Rom alone gives
// from the decoded image: no shift, swapped channel or wrong chroma.
func TestResizeMatchesReference(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 1000, 750))
	for y := range 750 {
		for x := range 1000 {
			m.SetRGBA(x, y, color.RGBA{uint8(x / 4), uint8(y / 3), uint8(255 - (x+y)/7), 0xFF})
		}
	}
	src := encodeJPEG(t, m)
	decoded, err := jpeg.Decode(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Process(context.Background(), src, Options{Widths: []int{480, 240, 150}})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range res.Variants {
		if v.Format != JPEG {
			continue
		}
		ref := image.NewRGBA(image.Rect(0, 0, v.Width, v.Height))
		xdraw.CatmullRom.Scale(ref, ref.Rect, decoded, decoded.Bounds(), xdraw.Src, nil)
		got := decodeVariant(t, v)
		var sum, n float64
		for y := range v.Height {
			for x := range v.Width {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := ref.At(x, y).RGBA()
				for _, d := range [3][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
					sum += math.Abs(float64(d[0]>>8) - float64(d[1]>>8))
					n++
				}
			}
		}
		if mean := sum / n; mean > 3 {
			t.Errorf("%s: mean difference from the reference %.2f per channel", v.Name, mean)
		}
	}
}

// TestCheckTruncated: Check refuses a file cut anywhere before its end
// marker, and takes whole files, a JPEG followed by a trailer included.
func TestCheckTruncated(t *testing.T) {
	jpg := withMetadata(encodeJPEG(t, quadrants(64, 48)), 6)
	files := map[string][]byte{"jpeg": jpg, "png": encodePNG(t, quadrants(64, 48)), "webp": encodeWebP(t, quadrants(64, 48)),
		"lossless webp": encodeLosslessWebP(t, quadrants(64, 48))}
	for name, full := range files {
		if _, err := Check(full, Limits{}); err != nil {
			t.Errorf("whole %s: %v", name, err)
		}
		for _, n := range []int{len(full) - 1, len(full) - 2, len(full) * 3 / 4, len(full) / 2} {
			if _, err := Check(full[:n], Limits{}); !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s cut to %d of %d bytes: %v, want ErrCorrupt", name, n, len(full), err)
			}
		}
	}
	trailer := append(append([]byte{}, jpg...), []byte("ftypmp42 a motion photo's video\xff\xda\x00")...)
	if _, err := Check(trailer, Limits{}); err != nil {
		t.Errorf("JPEG with a trailer: %v", err)
	}
	big := imagingtest.PNGHeader(20_000, 20_000) // refused on its header: never walked
	if _, err := Check(big, Limits{}); !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("50 MP+ PNG header: %v, want ErrTooManyPixels", err)
	}
}
