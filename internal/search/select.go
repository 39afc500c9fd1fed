package search

import (
	"cmp"
	"slices"
)

// sortRange returns a[from:to] holding what the sorted a would hold
// there, in order, having moved a's elements: two selections and the
// sort of the range, so that what it costs grows with len(a) and to-from,
// not with from.
func sortRange[T cmp.Ordered](a []T, from, to int) []T {
	if from > 0 {
		nthElement(a, from)
	}
	if to < len(a) {
		nthElement(a[from:], to-from)
	}
	slices.Sort(a[from:to])
	return a[from:to]
}

// nthElement moves a's elements so that a[k] is the element the sorted a
// holds there, none after it smaller and none before it larger
// (quickselect with a median of three, sorting what is left after too
// many rounds, so that it never takes more than a sort).
func nthElement[T cmp.Ordered](a []T, k int) {
	lo, hi := 0, len(a)
	for rounds := 0; hi-lo > 16; rounds++ {
		if rounds == 64 {
			break
		}
		m := lo + (hi-lo)/2
		p := median(a[lo], a[m], a[hi-1])
		// Three ways: [lo, lt) below p, [lt, i) equal, [gt, hi) above.
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch {
			case a[i] < p:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case a[i] > p:
				gt--
				a[i], a[gt] = a[gt], a[i]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return
		}
	}
	slices.Sort(a[lo:hi])
}

func median[T cmp.Ordered](a, b, c T) T {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b = c
	}
	return max(a, b)
}
