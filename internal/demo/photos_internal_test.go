package demo

import (
	"bytes"
	"testing"
)

// TestPhotoIsDeterministic: a photo is the same bytes whenever it is
// drawn, so that a demo's files (named by their content) are the same
// from one start to the next.
func TestPhotoIsDeterministic(t *testing.T) {
	a, err := draw(0)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Photo(0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("photo 0 differs from one drawing to the next")
	}
}
