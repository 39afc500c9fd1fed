package password

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// cheap keeps the tests fast; the format and checks do not depend on cost.
var cheap = Params{Memory: 64, Time: 1, Threads: 1}

func TestHashAndCheck(t *testing.T) {
	ctx := context.Background()
	h := New(cheap, 1)
	enc, err := h.Hash(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") || strings.Contains(enc, "correct") {
		t.Fatalf("hash %q", enc)
	}
	if err := h.Check(ctx, enc, "correct horse battery"); err != nil {
		t.Errorf("right password: %v", err)
	}
	if err := h.Check(ctx, enc, "correct horse batterY"); !errors.Is(err, ErrMismatch) {
		t.Errorf("wrong password: %v", err)
	}
	again, _ := h.Hash(ctx, "correct horse battery")
	if again == enc {
		t.Error("two hashes of one password share their salt")
	}
	// A hash made with other parameters is still checked with its own.
	if err := New(DefaultParams, 1).Check(ctx, enc, "correct horse battery"); err != nil {
		t.Errorf("hash of other parameters: %v", err)
	}
}

func TestCheckUnknownUser(t *testing.T) {
	h := New(cheap, 1)
	for _, pw := range []string{"", "anything at all"} {
		if err := h.Check(context.Background(), "", pw); !errors.Is(err, ErrMismatch) {
			t.Errorf("no hash, password %q: %v", pw, err)
		}
	}
}

func TestCheckRefusesBadHashes(t *testing.T) {
	h := New(cheap, 1)
	for _, enc := range []string{
		"plain",
		"$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=1048576,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5", // 1 GiB
		"$argon2id$v=19$m=64,t=1,p=1$!!$a2V5a2V5a2V5a2V5a2V5a2V5",
	} {
		if err := h.Check(context.Background(), enc, "x"); err == nil || errors.Is(err, ErrMismatch) {
			t.Errorf("%q: %v, want a format error", enc, err)
		}
	}
}

// A hash waits for a free slot, and gives up when its context ends.
func TestConcurrencyBound(t *testing.T) {
	h := New(cheap, 1)
	h.sem <- struct{}{} // the one slot is taken
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Hash(ctx, "correct horse battery"); !errors.Is(err, context.Canceled) {
		t.Errorf("hash with every slot taken: %v", err)
	}
	if err := h.Check(ctx, "", "x"); !errors.Is(err, context.Canceled) {
		t.Errorf("check with every slot taken: %v", err)
	}
	<-h.sem
	if _, err := h.Hash(context.Background(), "correct horse battery"); err != nil {
		t.Error(err)
	}
}
