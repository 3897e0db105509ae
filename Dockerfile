FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY rulesets ./rulesets
COPY server ./server
COPY migrations ./migrations
RUN pip install --no-cache-dir .
CMD ["jantaku", "demo"]
