// Package webp encodes WebP images with libwebp compiled to WebAssembly,
// run by wazero: no cgo, no shared library, the same encoder on every
// machine.
//
// It is the WebAssembly half of github.com/gen2brain/webp v0.5.5 (MIT,
// LICENSE.gen2brain-webp), its module webp.wasm.gz (libwebp v1.4.0, BSD,
// LICENSE.libwebp) built from wasm/ unchanged. That package also looks for
// a system libwebp.so at start and calls it when found, through purego,
// unless the program is built with -tags nodynamic; importing it links
// purego's dynamic loader, so a CGO_ENABLED=0 build is no longer static.
// Keeping only the WebAssembly half lets a plain `go build` or `go install`
// make the binary `make release` makes, static, with no tag to remember.
// README.md says how to update the module.
package webp

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

//go:embed webp.wasm.gz
var webpWasm []byte

// Options are the encoding parameters.
type Options struct {
	// Quality from 1 to 100; 0 means DefaultQuality.
	Quality int
	// Method trades speed for size, from 0 (fast) to 6 (slower, smaller);
	// 0 is a valid method.
	Method int
	// Lossless ignores Quality and stores the pixels exactly.
	Lossless bool
}

// DefaultQuality is libwebp's own default.
const DefaultQuality = 75

// ErrEncode is libwebp refusing the picture or running out of memory.
var ErrEncode = errors.New("webp: encode failed")

// runtime is the compiled module, made once per process: compiling it is
// the costly part of the first encode, and every encode then instantiates
// a fresh module (its own memory), so encodes may run at once.
type runtime struct {
	rt wazero.Runtime
	cm wazero.CompiledModule
	mc wazero.ModuleConfig
}

var compiled = sync.OnceValues(func() (*runtime, error) {
	ctx := context.Background()
	r, err := gzip.NewReader(bytes.NewReader(webpWasm))
	if err != nil {
		return nil, fmt.Errorf("webp: read module: %w", err)
	}
	wasm, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("webp: read module: %w", err)
	}
	rt := wazero.NewRuntime(ctx)
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
		return nil, fmt.Errorf("webp: instantiate WASI: %w", err)
	}
	cm, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return nil, fmt.Errorf("webp: compile module: %w", err)
	}
	// libwebp prints nothing when it works; what it might print on a
	// failure is not for the server's own output.
	mc := wazero.NewModuleConfig().WithStdout(io.Discard).WithStderr(io.Discard)
	return &runtime{rt: rt, cm: cm, mc: mc}, nil
})

// Init compiles the module now rather than at the first Encode.
func Init() error {
	_, err := compiled()
	return err
}

// Encode writes m to w as a WebP image.
func Encode(w io.Writer, m image.Image, o Options) error {
	quality := o.Quality
	if quality <= 0 {
		quality = DefaultQuality
	}
	quality = min(quality, 100)
	method := min(max(o.Method, 0), 6)

	r, err := compiled()
	if err != nil {
		return err
	}
	ctx := context.Background()
	mod, err := r.rt.InstantiateModule(ctx, r.cm, r.mc)
	if err != nil {
		return fmt.Errorf("webp: instantiate module: %w", err)
	}
	defer mod.Close(ctx)
	alloc, free, encode := mod.ExportedFunction("malloc"), mod.ExportedFunction("free"), mod.ExportedFunction("encode")

	// The module reads 8-bit RGBA rows without padding: an opaque RGBA
	// image is that already, anything else is converted.
	var pix []byte
	b := m.Bounds()
	switch img := m.(type) {
	case *image.NRGBA:
		if img.Stride == 4*b.Dx() {
			pix = img.Pix[:4*b.Dx()*b.Dy()]
		}
	case *image.RGBA:
		if img.Stride == 4*b.Dx() && img.Opaque() {
			pix = img.Pix[:4*b.Dx()*b.Dy()]
		}
	}
	if pix == nil {
		dst := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(dst, dst.Bounds(), m, b.Min, draw.Src)
		pix = dst.Pix
	}

	res, err := alloc.Call(ctx, uint64(len(pix)))
	if err != nil || res[0] == 0 {
		return fmt.Errorf("webp: allocate the picture: %w", errors.Join(err, ErrEncode))
	}
	in := res[0]
	defer free.Call(ctx, in)
	if !mod.Memory().Write(uint32(in), pix) {
		return fmt.Errorf("webp: copy the picture: %w", ErrEncode)
	}
	res, err = alloc.Call(ctx, 8)
	if err != nil || res[0] == 0 {
		return fmt.Errorf("webp: allocate the size: %w", errors.Join(err, ErrEncode))
	}
	sizePtr := res[0]
	defer free.Call(ctx, sizePtr)

	lossless := uint64(0)
	if o.Lossless {
		lossless = 1
	}
	// encode(rgba, width, height, *size, colorspace (0: RGBA), quality,
	// method, lossless, exact (0: transparent pixels may change))
	res, err = encode.Call(ctx, in, uint64(b.Dx()), uint64(b.Dy()), sizePtr, 0, uint64(quality), uint64(method), lossless, 0)
	if err != nil {
		return fmt.Errorf("webp: encode: %w", err)
	}
	out := res[0]
	defer free.Call(ctx, out)
	size, ok := mod.Memory().ReadUint64Le(uint32(sizePtr))
	if !ok || size == 0 || out == 0 {
		return ErrEncode
	}
	data, ok := mod.Memory().Read(uint32(out), uint32(size))
	if !ok {
		return fmt.Errorf("webp: read the result: %w", ErrEncode)
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("webp: write: %w", err)
	}
	return nil
}
