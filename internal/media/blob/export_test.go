package blob

import (
	"context"
	"net/http"

	"github.com/minio/minio-go/v7"
)

// CreateBucketForTest makes c's bucket, for tests that start their own server.
func CreateBucketForTest(ctx context.Context, c S3Config) error {
	s, err := NewS3(c)
	if err != nil {
		return err
	}
	return s.client.MakeBucket(ctx, c.Bucket, minio.MakeBucketOptions{Region: c.Region})
}

// NewS3WithTransport is NewS3 sending its requests through transport.
func NewS3WithTransport(c S3Config, transport http.RoundTripper) (*S3, error) {
	return newS3(c, transport)
}
