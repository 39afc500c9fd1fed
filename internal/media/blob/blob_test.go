package blob_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/media/blob"
)

func TestCheckKey(t *testing.T) {
	for _, key := range []string{
		"a", "a.jpg", "photos/0123abcd/w640.webp", "p/1/2/3/x_y-z.v2.jpeg", "a..b", strings.Repeat("a", blob.MaxKeyLen),
	} {
		if err := blob.CheckKey(key); err != nil {
			t.Errorf("CheckKey(%q) = %v, want nil", key, err)
		}
	}
	for _, key := range invalidKeys {
		if err := blob.CheckKey(key); !errors.Is(err, blob.ErrInvalidKey) {
			t.Errorf("CheckKey(%q) = %v, want ErrInvalidKey", key, err)
		}
	}
}

func TestParseS3URL(t *testing.T) {
	c, err := blob.ParseS3URL("s3://my-bucket/sites/casa/?endpoint=http://127.0.0.1:7070/&region=sa-east-1&path_style=true", testEnv)
	if err != nil {
		t.Fatal(err)
	}
	want := blob.S3Config{
		Bucket: "my-bucket", Prefix: "sites/casa/", Endpoint: "http://127.0.0.1:7070", Region: "sa-east-1", PathStyle: true,
		AccessKey: testAccessKey, SecretKey: testSecretKey,
	}
	if c != want {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	c, err = blob.ParseS3URL("s3://media.example.com", testEnv)
	if err != nil {
		t.Fatal(err)
	}
	if c.Endpoint != "https://s3.us-east-1.amazonaws.com" || c.Region != "us-east-1" || c.PathStyle || c.Prefix != "" {
		t.Fatalf("defaults: %+v", c)
	}

	for raw, wantMsg := range map[string]string{
		"":                                      "s3://bucket",
		"https://bucket/x":                      "s3://bucket",
		"s3://Bucket":                           "bucket name",
		"s3://ab":                               "bucket name",
		"s3://bucket:9000":                      "port",
		"s3://key:secret@bucket":                "user",
		"s3://bucket/Photos":                    "prefix",
		"s3://bucket/a/../b":                    "prefix",
		"s3://bucket?endpoint=127.0.0.1:7070":   "endpoint",
		"s3://bucket?endpoint=ftp://host":       "endpoint",
		"s3://bucket?endpoint=http://host/path": "endpoint",
		"s3://bucket?path_style=yes":            "path_style",
		"s3://bucket?region=":                   "region",
		"s3://bucket?pathstyle=true":            `unknown parameter "pathstyle"`,
		"s3://bucket?region=a&region=b":         "2 times",
		"s3://bucket?%zz":                       "invalid",
	} {
		_, err := blob.ParseS3URL(raw, testEnv)
		if err == nil || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("ParseS3URL(%q) = %v, want an error about %s", raw, err, wantMsg)
		}
	}
	for _, env := range []map[string]string{{}, {"AWS_ACCESS_KEY_ID": "k"}, {"AWS_SECRET_ACCESS_KEY": "s"}} {
		_, err := blob.ParseS3URL("s3://bucket", func(k string) string { return env[k] })
		if !errors.Is(err, blob.ErrNoCredentials) || !strings.Contains(err.Error(), "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY") {
			t.Errorf("credentials %v: %v", env, err)
		}
	}
}
