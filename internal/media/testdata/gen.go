//go:build ignore

// gen writes the crafted files the media service's tests upload. Run it from
// internal/media when a file must change, then commit the output:
//
//	go run testdata/gen.go
//
// Every file is small (well under 50 KB), so the tests stay fast.
package main

import (
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
	"github.com/vitrine/vitrine/internal/media/imaging/webp"
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
	if err := jpeg.Encode(&jb, imagingtest.Quadrants(1000, 700), &jpeg.Options{Quality: 75}); err != nil {
		log.Fatal(err)
	}
	exif := imagingtest.Exif{Orientation: 6, Serial: serial, Latitude: [3]uint32{27, 35, 4612}}
	rotated := imagingtest.WithSegments(jb.Bytes(), exif.Segment())
	write("rotated.jpg", rotated)
	// The same file cut short, as an interrupted transfer leaves it.
	write("truncated.jpg", rotated[:len(rotated)*3/5])

	var pb bytes.Buffer
	if err := png.Encode(&pb, imagingtest.Quadrants(600, 400)); err != nil {
		log.Fatal(err)
	}
	write("photo.png", pb.Bytes())

	var wb bytes.Buffer
	if err := webp.Encode(&wb, imagingtest.Quadrants(520, 300), webp.Options{Quality: 75}); err != nil {
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
	write("bomb.png", imagingtest.PNGBomb(20000, 20000))

	// A text file given a photo's name.
	write("notes.jpg", []byte("Isto não é uma foto: são as anotações da visita ao imóvel.\n"))
}
