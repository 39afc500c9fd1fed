// Package web holds the built web client, embedded into the vitrine binary.
//
// The client is built by Vite into dist/ (see web/package.json). A clean
// checkout only has dist/.gitkeep, so the binary still builds; the server
// then answers pages with a short notice instead of the client.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built client, rooted at the dist folder.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// fs.Sub only fails on an invalid path; "dist" is valid.
		panic(err)
	}
	return sub
}
