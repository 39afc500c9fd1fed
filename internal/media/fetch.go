package media

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/vitrine/vitrine/internal/store"
)

// Limits of Fetch.
const (
	// FetchTimeout bounds one photo's fetch, its redirects and body
	// included.
	FetchTimeout = 30 * time.Second
	// maxRedirects is how many redirects a fetch follows.
	maxRedirects = 3
)

// ErrFetch is a photo that could not be fetched: an address that is not
// http(s), a connection or status that failed, too many redirects.
var ErrFetch = errors.New("media: fetch failed")

// Fetch downloads the photo at address (http or https only, at most
// maxRedirects redirects, within FetchTimeout, at most MaxBytes) and
// stores it as Store does, through the same checks as an upload. The
// caller writes its image row (store.Store.ImportProperty).
func (s *Service) Fetch(ctx context.Context, address string) (*store.NewImage, error) {
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: %q is not an http(s) address", ErrFetch, address)
	}
	ctx, cancel := context.WithTimeout(ctx, FetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFetch, err)
	}
	req.Header.Set("User-Agent", "Vitrine-Import/1")
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFetch, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: %s answered %s", ErrFetch, u.Redacted(), resp.Status)
	}
	if resp.ContentLength > s.cfg.MaxBytes {
		return nil, &FileTooLargeError{Limit: s.cfg.MaxBytes}
	}
	return s.Store(ctx, resp.Body)
}

// newFetchClient is the client of Fetch: redirects bounded, to http(s)
// only.
func newFetchClient(transport http.RoundTripper) *http.Client {
	return &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("redirect to %s", req.URL.Scheme)
			}
			return nil
		},
	}
}
