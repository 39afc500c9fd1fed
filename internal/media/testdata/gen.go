//go:build ignore

// gen writes the crafted files the media service's tests upload. Run it from
// internal/media when a file must change, then commit the output:
//
//	go run -tags nodynamic testdata/gen.go
//
// Every file is small (well under 50 KB), so the tests stay fast.
package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"github.com/gen2brain/webp"
)

// serial is the camera serial number written in the JPEG's Exif block: the
// tests look for it in every variant.
const serial = "VTR-CAM-SERIAL-7731"

func main() {
	dir := "testdata"
	write := func(name string, b []byte) {
		if len(b) > 50<<10 {
			log.Fatalf("%s is %d bytes, over 50 KB", name, len(b))
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d bytes", name, len(b))
	}

	// A phone's photo: stored landscape (1000×700) with orientation 6 (to
	// be turned 90° clockwise: displayed portrait, 700×1000), a GPS
	// position and the camera's serial number.
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, quadrants(1000, 700), &jpeg.Options{Quality: 75}); err != nil {
		log.Fatal(err)
	}
	rotated := withExif(jb.Bytes(), 6)
	write("rotated.jpg", rotated)
	// The same file cut short, as an interrupted transfer leaves it.
	write("truncated.jpg", rotated[:len(rotated)*3/5])

	var pb bytes.Buffer
	if err := png.Encode(&pb, quadrants(600, 400)); err != nil {
		log.Fatal(err)
	}
	write("photo.png", pb.Bytes())

	var wb bytes.Buffer
	if err := webp.Encode(&wb, quadrants(520, 300), webp.Options{Quality: 75}); err != nil {
		log.Fatal(err)
	}
	write("photo.webp", wb.Bytes())

	// An iPhone's HEIC: what the sniffer reads is the ftyp box (its size,
	// "ftyp", the major brand "heic", a minor version, compatible brands).
	heic := binary.BigEndian.AppendUint32(nil, 24)
	heic = append(heic, "ftypheic\x00\x00\x00\x00mif1heic"...)
	heic = append(heic, "\x00\x00\x00\x08free"...)
	write("iphone.heic", heic)

	// A decompression bomb: a PNG whose header declares 20000×20000 RGBA
	// pixels (400 megapixels, 1.6 GB decoded), with a token IDAT and IEND.
	write("bomb.png", bombPNG(20000, 20000))

	// A text file given a photo's name.
	write("notes.jpg", []byte("Isto não é uma foto: são as anotações da visita ao imóvel.\n"))
}

// quadrants is a w×h image whose top-left quarter is red, top-right green,
// bottom-left blue and bottom-right white, so where a corner lands after a
// rotation is plain to see.
func quadrants(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{0xFF, 0, 0, 0xFF}
			switch {
			case x >= w/2 && y < h/2:
				c = color.RGBA{0, 0xFF, 0, 0xFF}
			case x < w/2 && y >= h/2:
				c = color.RGBA{0, 0, 0xFF, 0xFF}
			case x >= w/2 && y >= h/2:
				c = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// exifTIFF is a big-endian TIFF structure as in a camera's Exif segment:
// IFD0 with Orientation and pointers to an Exif IFD (BodySerialNumber) and a
// GPS IFD (latitude 27°35'46.12" S).
func exifTIFF(orientation int) []byte {
	be := binary.BigEndian
	var b []byte
	u16 := func(v int) { b = be.AppendUint16(b, uint16(v)) }
	u32 := func(v int) { b = be.AppendUint32(b, uint32(v)) }
	ent := func(tag, typ, count int, value []byte) {
		u16(tag)
		u16(typ)
		u32(count)
		v := make([]byte, 4)
		copy(v, value)
		b = append(b, v...)
	}
	off := func(v int) []byte { return be.AppendUint32(nil, uint32(v)) }
	const ifd0, exifIFD, gpsIFD, latData, serialData = 8, 50, 68, 98, 122
	b = append(b, "MM\x00*"...)
	u32(ifd0)
	u16(3)
	ent(0x0112, 3, 1, be.AppendUint16(nil, uint16(orientation)))
	ent(0x8769, 4, 1, off(exifIFD))
	ent(0x8825, 4, 1, off(gpsIFD))
	u32(0)
	u16(1)
	ent(0xA431, 2, len(serial)+1, off(serialData))
	u32(0)
	u16(2)
	ent(0x0001, 2, 2, []byte("S\x00"))
	ent(0x0002, 5, 3, off(latData))
	u32(0)
	for _, r := range [][2]int{{27, 1}, {35, 1}, {4612, 100}} {
		u32(r[0])
		u32(r[1])
	}
	b = append(b, serial+"\x00"...)
	return b
}

// withExif returns jpg with an Exif APP1 segment (orientation, GPS, serial
// number) inserted after its SOI marker.
func withExif(jpg []byte, orientation int) []byte {
	payload := append([]byte("Exif\x00\x00"), exifTIFF(orientation)...)
	seg := []byte{0xFF, 0xE1}
	seg = binary.BigEndian.AppendUint16(seg, uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// bombPNG is a complete PNG structure declaring w×h RGBA pixels, whose
// image data is a few bytes only.
func bombPNG(w, h int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		c := append([]byte(typ), data...)
		b = append(b, c...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(c))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0))
	chunk("IDAT", []byte{0x78, 0x9C, 0x63, 0x00, 0x00}) // the start of a zlib stream of zeros
	chunk("IEND", nil)
	return b
}
