# syntax=docker/dockerfile:1
#
# Vitrine's container image: the web client built with Node, the server
# built by the Makefile's release-bin target (static, the release's flags),
# on distroless's static image (no shell, no package manager) as a
# non-root user, everything it writes under /data. See docs/deploy.md.
#
#   docker build -t vitrine \
#     --build-arg VERSION="$(git describe --tags --always --dirty)" \
#     --build-arg COMMIT="$(git rev-parse HEAD)" \
#     --build-arg SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)" .
#
# Without the arguments `vitrine version` says "devel" and an unknown
# commit (.git is not sent to the builder). Another architecture
# (docker buildx build --platform linux/arm64 …) is cross-compiled: both
# build stages run on the builder's own platform.

ARG NODE_VERSION=20
ARG GO_VERSION=1.26.8

FROM --platform=$BUILDPLATFORM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json web/.npmrc ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM --platform=$BUILDPLATFORM golang:${GO_VERSION}-bookworm AS server
ARG TARGETOS
ARG TARGETARCH
ARG VERSION=devel
ARG COMMIT=
ARG SOURCE_DATE_EPOCH=
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist/ web/dist/
RUN make release-bin GOOS="$TARGETOS" GOARCH="$TARGETARCH" OUT=/out/vitrine \
      VERSION="$VERSION" COMMIT="$COMMIT" SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH"
# /data exists in the image, owned by the user that runs vitrine, so that a
# new named volume mounted there starts with that owner.
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/vitrine /vitrine
COPY --from=server --chown=65532:65532 /out/data /data
# The SQLite database, the photos (unless VITRINE_MEDIA_S3 is set) and the
# certificates of --domain all live in /data. /metrics listens on every
# address of the container: publish 9464 only where Prometheus scrapes.
ENV VITRINE_ADDR=:8080 \
    VITRINE_DB=/data/vitrine.db \
    VITRINE_MEDIA_DIR=/data/media \
    VITRINE_METRICS_ADDR=:9464
# distroless's nonroot user. Docker lets a container's processes bind ports
# under 1024 (net.ipv4.ip_unprivileged_port_start=0), so 80 and 443 of
# --domain need no capability.
USER 65532:65532
VOLUME ["/data"]
EXPOSE 8080 9464 80 443
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/vitrine", "health"]
ENTRYPOINT ["/vitrine"]
CMD ["serve"]
