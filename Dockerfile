# Build stage: a C compiler so setup.py can compile the scoring hot path with mypyc.
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY rulesets ./rulesets
COPY server ./server
COPY plugins ./plugins
# the core and the ruleset plugins beside it (README: `pip install -e . -e plugins/hong_kong`)
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . ./plugins/hong_kong

FROM python:3.11-slim
WORKDIR /app
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
COPY alembic.ini ./
COPY migrations ./migrations
# Migrations are found in /app/migrations (the working directory); the embedded default
# database is a SQLite file here too unless JANTAKU_DATABASE_URL points elsewhere.
ENV JANTAKU_MIGRATIONS=/app/migrations
EXPOSE 8000
CMD ["jantaku", "serve", "--host", "0.0.0.0", "--port", "8000"]
