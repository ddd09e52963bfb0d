# Multi-stage build: a static binary on a distroless base, run as non-root.
# The corpus is never copied in: mount it read-only at /corpus.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/stccg-rules ./cmd/stccg-rules
# /data holds the prebuilt search index (/data/index). A named volume mounted
# there starts with this folder's owner, so the non-root user may write it.
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/stccg-rules /usr/local/bin/stccg-rules
COPY --from=build --chown=65532:65532 /out/data /data
USER nonroot:nonroot
ENV STCCG_ADDR=0.0.0.0:8080 STCCG_CORPUS=/corpus
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/stccg-rules"]
CMD ["serve"]
