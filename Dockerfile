# Checkwire: build on the official Swift image (Debian bookworm), run on slim bookworm.
# Mirrors the README: scripts/install-deps.sh's apt packages, `swift build -c release`,
# `checkwire serve` with the database on a volume.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libwebsockets-dev libsqlite3-dev libssl-dev libjemalloc-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime is linked in statically, so the run image needs only the C libraries.
RUN swift build -c release --product checkwire --static-swift-stdlib \
 && cp "$(swift build -c release --show-bin-path)/checkwire" /usr/local/bin/checkwire

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libwebsockets17 libwebsockets-evlib-ev libsqlite3-0 libssl3 libjemalloc2 ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/checkwire --create-home checkwire
COPY --from=build /usr/local/bin/checkwire /usr/local/bin/checkwire
COPY Public /app/Public
ENV CHECKWIRE_HOST=0.0.0.0 \
    CHECKWIRE_PORT=8080 \
    CHECKWIRE_DATABASE=/var/lib/checkwire/checkwire.sqlite \
    CHECKWIRE_PUBLIC=/app/Public
USER checkwire
VOLUME /var/lib/checkwire
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["checkwire"]
CMD ["serve"]
