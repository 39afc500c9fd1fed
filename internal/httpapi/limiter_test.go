package httpapi

import (
	"strconv"
	"testing"
	"time"
)

// TestLimiterFullStillLimits: a limiter that holds as many keys as it may
// gives a new key an allowance of its own, which it then spends like any
// other, by forgetting the key used least recently: being full never lets
// requests through.
func TestLimiterFullStillLimits(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	l := newLimiter(Rate{N: 1, Per: time.Hour})
	l.now = func() time.Time { return now }
	for i := range maxLimiterKeys {
		if ok, _ := l.allow("k" + strconv.Itoa(i)); !ok {
			t.Fatalf("key %d refused on its first event", i)
		}
	}
	if ok, _ := l.allow("novo"); !ok {
		t.Fatal("a new key of a full limiter was refused its first event")
	}
	if ok, wait := l.allow("novo"); ok || wait <= 0 {
		t.Fatalf("a new key of a full limiter got a second event in an hour (%v, wait %v)", ok, wait)
	}
	if ok, _ := l.allow("k" + strconv.Itoa(maxLimiterKeys-1)); ok {
		t.Fatal("a key used recently was forgotten")
	}
	if ok, _ := l.allow("k0"); !ok {
		t.Fatal("the key used least recently was kept past the bound")
	}
}
