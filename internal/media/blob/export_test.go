package blob

import "net/http"

// NewS3WithTransport is NewS3 sending its requests through transport.
func NewS3WithTransport(c S3Config, transport http.RoundTripper) (*S3, error) {
	return newS3(c, transport)
}
