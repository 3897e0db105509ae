FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY engine ./engine
COPY rulesets ./rulesets
COPY server ./server
COPY migrations ./migrations
RUN pip install --no-cache-dir .
# Migrations are found in /app/migrations (the working directory); the embedded default
# database is a SQLite file here too unless JANTAKU_DATABASE_URL points elsewhere.
ENV JANTAKU_MIGRATIONS=/app/migrations
EXPOSE 8000
CMD ["jantaku", "serve", "--host", "0.0.0.0", "--port", "8000"]
