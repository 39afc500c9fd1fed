package listing

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// Money is an amount in Brazilian reais, held as integer centavos so that no
// rounding ever happens. Its text form is a decimal with exactly two fraction
// digits ("450000.00"), which is also how the API writes it.
type Money int64

// MaxMoney bounds every amount: R$ 99.999.999.999,99 is past any property.
const MaxMoney Money = 9_999_999_999_999

var errMoney = errors.New("not a decimal amount")

// ParseMoney reads a non-negative decimal with at most two fraction digits:
// "450000", "450000.5" and "450000.50" are all R$ 450.000,50 less the cents
// that differ. Signs, exponents, thousands separators and spaces are refused:
// an amount is data, not a formula.
func ParseMoney(s string) (Money, error) {
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || len(whole) > 13 || (hasDot && (frac == "" || len(frac) > 2)) {
		return 0, errMoney
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return 0, errMoney
			}
		}
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, errMoney
	}
	var c int64
	if frac != "" {
		c, _ = strconv.ParseInt(frac, 10, 64)
		if len(frac) == 1 {
			c *= 10
		}
	}
	m := Money(w*100 + c)
	if m > MaxMoney {
		return 0, errMoney
	}
	return m, nil
}

// String writes m as a decimal with two fraction digits.
func (m Money) String() string {
	return string(m.AppendText(nil))
}

// AppendText appends the decimal form of m to b.
func (m Money) AppendText(b []byte) []byte {
	if m < 0 {
		b = append(b, '-')
		m = -m
	}
	b = strconv.AppendInt(b, int64(m/100), 10)
	c := int64(m % 100)
	return append(b, '.', byte('0'+c/10), byte('0'+c%10))
}

// NullMoney is an amount that may be absent (a condo fee not filled in).
type NullMoney struct {
	Money Money
	Valid bool
}

// HundredthsOfPercent reads a percentage (6.5 is 6.50 %) in hundredths of
// a percent, the unit the agency's rates and commissions are kept in; ok
// is false when it has more than two decimals (refused rather than
// rounded, so that what is stored is what was typed) or is no finite
// number an int holds. Each caller checks its own range.
func HundredthsOfPercent(percent float64) (hundredths int, ok bool) {
	r := math.Round(percent * 100)
	if math.IsNaN(percent) || math.Abs(percent) > 1e12 || math.Abs(r-percent*100) > 1e-6 {
		return 0, false
	}
	return int(r), true
}
