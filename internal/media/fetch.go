package media

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
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

// ErrFetch is a photo that could not be fetched or is not one: every
// error of Fetch but the media store's matches it (see FetchError).
var ErrFetch = errors.New("media: fetch failed")

// FetchError is why Fetch did not bring a photo: Reason says it for
// people (pt-BR).
type FetchError struct {
	reason string
	err    error
}

func (e *FetchError) Error() string             { return "media: fetch: " + e.reason + ": " + e.err.Error() }
func (e *FetchError) Unwrap() error             { return e.err }
func (e *FetchError) Is(target error) bool      { return target == ErrFetch }
func (e *FetchError) Reason() string            { return e.reason }
func fetchError(reason string, err error) error { return &FetchError{reason, err} }

// Fetch downloads the photo at address (http or https only, on a public
// internet address, at most maxRedirects redirects, within FetchTimeout,
// at most MaxBytes) and stores it as Store does, through the same checks
// as an upload. The caller writes its image row
// (store.Store.ImportProperty).
func (s *Service) Fetch(ctx context.Context, address string) (*store.NewImage, error) {
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fetchError("o endereço não é http(s)", fmt.Errorf("%q", address))
	}
	ctx, cancel := context.WithTimeout(ctx, FetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fetchError("o endereço não é válido", err)
	}
	req.Header.Set("User-Agent", "Vitrine-Import/1")
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	resp, err := s.client.Do(req)
	if err != nil {
		var ne net.Error
		switch {
		case errors.Is(err, errNotPublic):
			return nil, fetchError("o endereço não é público (rede interna ou local)", err)
		case errors.Is(err, errRedirects):
			return nil, fetchError(fmt.Sprintf("mais de %d redirecionamentos", maxRedirects), err)
		case errors.As(err, &ne) && ne.Timeout():
			return nil, fetchError(fmt.Sprintf("o servidor não respondeu em %d s", int(FetchTimeout.Seconds())), err)
		}
		return nil, fetchError("não foi possível conectar ao servidor", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fetchError(fmt.Sprintf("o servidor respondeu %s", resp.Status), errors.New(resp.Status))
	}
	tooLarge := fmt.Sprintf("a foto passa de %d MB", s.cfg.MaxBytes>>20)
	if resp.ContentLength > s.cfg.MaxBytes { // refused before its body is read
		return nil, fetchError(tooLarge, &FileTooLargeError{Limit: s.cfg.MaxBytes})
	}
	img, err := s.Store(ctx, resp.Body)
	var ve *listing.ValidationError
	switch {
	case err == nil:
		return img, nil
	case errors.Is(err, ErrFileTooLarge):
		return nil, fetchError(tooLarge, err)
	case errors.Is(err, ErrHEIC), errors.Is(err, ErrFormat):
		return nil, fetchError("não é uma foto JPEG, PNG ou WebP", err)
	case errors.As(err, &ve) && len(ve.Fields["file"]) > 0:
		return nil, fetchError(strings.TrimSuffix(ve.Fields["file"][0], "."), err)
	case ctx.Err() != nil:
		return nil, fetchError(fmt.Sprintf("o servidor não enviou a foto em %d s", int(FetchTimeout.Seconds())), err)
	}
	return nil, err // the media store failed
}

var (
	// errNotPublic is an address on a network that is not the internet's.
	errNotPublic = errors.New("not a public internet address")
	errRedirects = errors.New("too many redirects")
)

// publicOnly refuses a connection to an address that is not a public
// one (loopback, private, link-local such as a cloud's metadata service,
// multicast, unspecified): a file to import names the addresses Fetch
// goes to, and they must not reach the server's own network.
func publicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return err
	}
	ip = ip.Unmap()
	if !ip.IsGlobalUnicast() || ip.IsPrivate() {
		return fmt.Errorf("%s: %w", ip, errNotPublic)
	}
	return nil
}

// publicTransport is Fetch's default transport: no proxy (it would dial
// for us), and connections to public addresses only.
func publicTransport() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: publicOnly}).DialContext
	return t
}

// newFetchClient is the client of Fetch: redirects bounded, to http(s)
// only; connections to public addresses only unless transport says
// otherwise.
func newFetchClient(transport http.RoundTripper) *http.Client {
	if transport == nil {
		transport = publicTransport()
	}
	return &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return errRedirects
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("redirect to %s", req.URL.Scheme)
			}
			return nil
		},
	}
}
