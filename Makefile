# Vitrine: `make run` to try it, `make test` for everything the project tests.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO        ?= go
BIN       := bin/vitrine
export VITRINE_TEST_POSTGRES ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable

# Release builds (make release, make release-bin, the Dockerfile): static
# (no cgo), no local paths or build id, the version and commit stamped for
# `vitrine version`, and the date taken from SOURCE_DATE_EPOCH (the last
# commit's), so that one commit builds the same bytes on any machine with
# the same Go. -buildvcs=false: the checkout's untracked files would
# otherwise change the bytes; the stamp says the commit.
VERSION           ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
COMMIT            ?= $(shell git rev-parse HEAD 2>/dev/null)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
RELEASE_DIR       ?= bin/release
RELEASE_PLATFORMS := linux/amd64 linux/arm64
RELEASE_GOFLAGS   := -trimpath -buildvcs=false
STAMP             := github.com/vitrine/vitrine/internal/buildinfo
RELEASE_LDFLAGS    = -s -w -buildid= -X $(STAMP).version=$(VERSION) -X $(STAMP).commit=$(COMMIT) \
                     -X $(STAMP).date=$(if $(SOURCE_DATE_EPOCH),$(shell date -u -d @$(SOURCE_DATE_EPOCH) +%Y-%m-%dT%H:%M:%SZ))
GOOS              ?= linux
GOARCH            ?= $(shell $(GO) env GOARCH)

.PHONY: help run build web release release-bin test test-fast test-go test-web lint-openapi e2e screenshots postgres bench bench-photos bench-backup bench-alerts bench-compare soak lighthouse fuzz lint clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

run: build ## build client and server, then serve the demo catalogue (VITRINE_* apply; DB=… ADDR=… give --db, --addr)
	./$(BIN) serve --demo$(if $(DB), --db $(DB))$(if $(ADDR), --addr $(ADDR))

build: web ## build the web client and the vitrine binary
	$(GO) build -o $(BIN) ./cmd/vitrine

web: ## build the web client into web/dist (embedded by go build)
	cd web && npm ci --no-audit --no-fund && npm run build

release: web ## static linux/amd64 and linux/arm64 binaries with the client embedded, the systemd unit and its settings, and SHA256SUMS, in bin/release/
	rm -rf $(RELEASE_DIR) && mkdir -p $(RELEASE_DIR)
	$(foreach p,$(RELEASE_PLATFORMS),$(MAKE) --no-print-directory release-bin GOOS=$(word 1,$(subst /, ,$(p))) \
		GOARCH=$(word 2,$(subst /, ,$(p))) OUT=$(RELEASE_DIR)/vitrine-$(subst /,-,$(p)) &&) true
	cp packaging/systemd/vitrine.service packaging/systemd/vitrine.env $(RELEASE_DIR)/
	cd $(RELEASE_DIR) && sha256sum vitrine-* vitrine.service vitrine.env > SHA256SUMS && cat SHA256SUMS

release-bin: ## one release binary for GOOS/GOARCH (default: this machine's) into OUT, with the client already in web/dist
	CGO_ENABLED=0 GOOS=$(GOOS) GOARCH=$(GOARCH) $(GO) build $(RELEASE_GOFLAGS) -ldflags '$(RELEASE_LDFLAGS)' \
		-o $(or $(OUT),$(RELEASE_DIR)/vitrine-$(GOOS)-$(GOARCH)) ./cmd/vitrine

test-fast: ## the daily loop: Go tests on SQLite without the race detector, PostgreSQL, S3 or a browser (-short), and the web unit tests
	$(GO) test -short -count=1 ./...
	cd web && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run check:api && npx vitest run

test: test-go test-web lint-openapi e2e ## everything: Go (race, SQLite and PostgreSQL), web unit tests, API document lint, end-to-end

test-go: postgres ## Go tests with the race detector, storage suite on SQLite and PostgreSQL, file storage on a directory and S3 (versitygw), the VRSync feed against its schema (xmllint), visit invitations read by a calendar parser (python3-icalendar), certificates from an ACME server (Pebble), the packaging (systemd-analyze, release builds)
	bash scripts/ensure-versitygw.sh
	bash scripts/ensure-xmllint.sh
	bash scripts/ensure-icalendar.sh
	bash scripts/ensure-systemd-analyze.sh
	bash scripts/ensure-mailpit.sh >/dev/null
	bash scripts/ensure-pebble.sh
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 30m ./...

test-web: ## API types up to date with openapi.json, type check, lint, unit tests and bundle size of the web client
	cd web && npm ci --no-audit --no-fund && npm run check:api && npm run typecheck && npm run lint && npm test && npm run build && npm run size

lint-openapi: ## lint the API document (internal/httpapi/openapi.json) with Redocly CLI
	cd tools/openapi-lint && npm ci --no-audit --no-fund && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npm run lint

e2e: ## end-to-end tests in headless Chromium against a real vitrine serve
	bash web/scripts/ensure-chromium.sh
	cd web && npm run e2e

screenshots: ## rewrite the docs' screenshots from the end-to-end run
	bash web/scripts/ensure-chromium.sh
	cd web && E2E_DOCS_SCREENSHOTS=1 npx playwright test -g screenshot

postgres: ## make sure the local PostgreSQL answers (starts the cluster when it is down)
	@bash scripts/ensure-postgres.sh

bench: ## load benchmark against the HTTP ceiling of this machine (not part of test)
	$(GO) run ./cmd/vitrine-bench

bench-photos: ## photo processing against libvips's vipsthumbnail on the same 12 MP JPEG, and the peak memory of a 50 MP one, alone and in vitrine serve (not part of test)
	$(GO) run ./cmd/vitrine-bench photos

bench-backup: ## backup and restore of 100,000 properties with 10,000 synthetic photos, and detail reads during a backup (not part of test)
	BENCH_ONLY=backup BENCH_PROPERTIES=$(or $(BENCH_PROPERTIES),100000) $(GO) run ./cmd/vitrine-bench

bench-alerts: ## one day of saved-search alerts at 10,000 searches and 100,000 listings: CPU seconds a day (not part of test)
	$(GO) test -run '^$$' -bench BenchmarkAlertsDay -benchtime 1x ./internal/alerts/

bench-compare: ## this working tree against REF (default HEAD), both under load at once: make bench-compare REF=main
	BENCH_COMPARE=$(or $(REF),HEAD) BENCH_DURATION=$(or $(BENCH_DURATION),40s) BENCH_SLICES=$(or $(BENCH_SLICES),10) $(GO) run ./cmd/vitrine-bench

soak: ## 60 s mixed load against vitrine serve on SQLite (not part of test)
	$(GO) run ./cmd/vitrine-soak

lighthouse: build ## Lighthouse (mobile) on the home, results and property pages of the demo with its photos, median of LIGHTHOUSE_RUNS (5) runs (not part of test)
	CHROMIUM_PATH=$${CHROME_PATH:-/usr/bin/chromium} bash web/scripts/ensure-chromium.sh
	cd tools/lighthouse && npm ci --no-audit --no-fund && CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} node run.mjs

fuzz: ## run each fuzz target for 30 s
	$(GO) test ./internal/httpapi -run '^$$' -fuzz FuzzContactBody -fuzztime 30s
	$(GO) test ./internal/httpapi -run '^$$' -fuzz FuzzPropertyUpdateBody -fuzztime 30s
	$(GO) test ./internal/listing -run '^$$' -fuzz FuzzValidSlug -fuzztime 30s
	$(GO) test ./internal/httpapi -run '^$$' -fuzz FuzzSearchQuery -fuzztime 30s
	$(GO) test ./internal/search -run '^$$' -fuzz FuzzSearch -fuzztime 30s

clean: ## remove build output
	rm -rf bin web/dist/assets web/dist/index.html
